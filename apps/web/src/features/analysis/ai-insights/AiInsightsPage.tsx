import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Empty, Input, Spin, Tag } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DROPDOWN_PAGE_SIZE, endpoints, type AskAnswer } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { LazySelect } from '../../../app/components/LazySelect.tsx';
import { useHeldTasks } from '../../../app/session.ts';
import { SaveGraphButton } from '../saved-graphs/SaveGraphButton.tsx';
import { AnswerChart } from './AnswerChart.tsx';
import { AnswerTable } from './AnswerTable.tsx';
import '../analysis.css';
import { queryKeyOf } from '../../../api/query-keys.ts';

interface Turn {
  question: string;
  answer?: AskAnswer;
  error?: unknown;
}

const EXAMPLES = {
  id: [
    'total penjualan per cabang bulan lalu',
    'penjualan per kategori tahun lalu',
    'tren penjualan per bulan tahun ini',
    '5 produk dengan penjualan tertinggi',
  ],
  en: ['total sales by branch last month', 'sales by category last year', 'monthly sales trend this year', 'top 5 products by sales'],
} as const;

/** Analysis › AI insights: ask a dataset questions in words; each answer shows its plan, chart, table and insight. */
export default function AiInsightsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const canAsk = useHeldTasks().includes('sendAiInsightsSales');
  const datasets = useQuery({
    queryKey: queryKeyOf(endpoints.listDatasets, 'first'),
    queryFn: ({ signal }) => call(endpoints.listDatasets, { query: { page: 1, limit: DROPDOWN_PAGE_SIZE }, signal }),
  });
  const [datasetId, setDatasetId] = useState<string>();
  const [question, setQuestion] = useState('');
  const [turns, setTurns] = useState<Turn[]>([]);
  const end = useRef<HTMLDivElement>(null);
  const chosen = datasetId ?? datasets.data?.items[0]?.datasetId;
  const firstLabels = Object.fromEntries((datasets.data?.items ?? []).map((d) => [d.datasetId, d.name]));
  const conversationId = [...turns].reverse().find((x) => x.answer)?.answer?.conversationId;

  const ask = useMutation({
    mutationFn: (q: string) => call(endpoints.ask, { body: { datasetId: chosen!, question: q, lang, ...(conversationId ? { conversationId } : {}) } }),
    meta: { silent: true },
    onMutate: (q) => setTurns((all) => [...all, { question: q }]),
    onSuccess: (answer) => setTurns((all) => all.map((x, i) => (i === all.length - 1 ? { ...x, answer } : x))),
    onError: (error) => setTurns((all) => all.map((x, i) => (i === all.length - 1 ? { ...x, error } : x))),
  });
  useEffect(() => {
    // A block, not an arrow's value: Chromium's scrollIntoView now answers a promise, which React would call as a clean-up.
    void end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [turns]);

  const send = (q = question) => {
    const text = q.trim();
    if (!text || !chosen || ask.isPending) return;
    setQuestion('');
    ask.mutate(text);
  };
  const pick = (id: string) => {
    setDatasetId(id);
    setTurns([]);
  };

  if (datasets.data && datasets.data.items.length === 0) {
    return (
      <>
        <PageHeading title={t('analysis.title.aiInsights')} subtitle={t('analysis.ask.subtitle')} />
        <Empty description={t('analysis.ask.noDataset')}>
          <Link to="/analysis/database-manager">{t('analysis.ask.toDatabaseManager')}</Link>
        </Empty>
      </>
    );
  }
  return (
    <>
      <PageHeading title={t('analysis.title.aiInsights')} subtitle={t('analysis.ask.subtitle')}>
        {/* Searched on the server, 30 at a time: a tenant may have more datasets than one page. */}
        <LazySelect<string | undefined>
          className="ai-insights__picker"
          aria-label={t('analysis.ask.dataset')}
          placeholder={t('analysis.ask.dataset')}
          cacheKey={queryKeyOf(endpoints.listDatasets, 'picker')}
          fetchPage={async (keyword, limit, signal) =>
            (await call(endpoints.listDatasets, { query: { page: 1, limit, keyword }, signal })).items.map((d) => ({ value: d.datasetId, label: d.name }))
          }
          knownLabels={firstLabels}
          allowClear={false}
          value={chosen}
          onChange={(id) => id && pick(id)}
        />
      </PageHeading>
      {datasets.isError && <Alert type="error" showIcon title={describeError(datasets.error)} />}
      <div className="ai-insights__thread" aria-live="polite">
        {turns.map((turn, i) => (
          <div key={i} className="ai-insights__turn">
            <div className="ai-insights__question">{turn.question}</div>
            {turn.answer && <AnswerCard answer={turn.answer} />}
            {turn.error !== undefined && <Alert className="ai-insights__error" type="warning" showIcon title={describeError(turn.error)} />}
            {!turn.answer && turn.error === undefined && <Spin className="ai-insights__progress" description={t('analysis.ask.thinking')} />}
          </div>
        ))}
        <div ref={end} />
      </div>
      <div className="ai-insights__ask">
        {turns.length === 0 && (
          <div className="ai-insights__examples" aria-label={t('analysis.ask.examples')}>
            {EXAMPLES[lang].map((q) => (
              <Tag
                key={q}
                color="blue"
                role="button"
                tabIndex={0}
                onClick={() => send(q)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') send(q);
                }}
              >
                {q}
              </Tag>
            ))}
          </div>
        )}
        <Input.TextArea
          aria-label={t('analysis.ask.question')}
          placeholder={turns.length ? t('analysis.ask.followUpPlaceholder') : t('analysis.ask.placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={500}
          value={question}
          disabled={!canAsk}
          onChange={(e) => setQuestion(e.target.value)}
          onPressEnter={(e) => {
            if (e.shiftKey) return;
            e.preventDefault();
            send();
          }}
        />
        <div>
          <Button type="primary" icon={<SendOutlined />} loading={ask.isPending} disabled={!canAsk || !chosen || !question.trim()} onClick={() => send()}>
            {t('analysis.ask.send')}
          </Button>
          {turns.length > 0 && (
            <Button type="link" onClick={() => setTurns([])}>
              {t('analysis.ask.newConversation')}
            </Button>
          )}
        </div>
      </div>
    </>
  );
}

/** One answer: the plan in words, the chart, the table and the insight sentences. */
function AnswerCard({ answer }: { answer: AskAnswer }) {
  const { t } = useTranslation();
  const canSave = useHeldTasks().includes('editSavedGraph');
  return (
    <Card className="ai-insights__answer" size="small">
      <div className="ai-insights__answer-head">
        <p className="ai-insights__description">{answer.description}</p>
        {canSave && <SaveGraphButton answer={answer} />}
      </div>
      <AnswerChart answer={answer} />
      <AnswerTable answer={answer} emptyText={t('analysis.ask.noRows')} />
      {answer.insight && <p className="ai-insights__insight">{answer.insight}</p>}
    </Card>
  );
}
