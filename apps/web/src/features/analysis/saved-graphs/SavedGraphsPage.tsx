import { Alert, Empty, Spin } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints, type SavedGraph } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { useHeldTasks } from '../../../app/session.ts';
import { SavedGraphCard } from './SavedGraphCard.tsx';
import { moved, SAVED_GRAPHS_KEY } from './saved-graphs-api.ts';
import '../analysis.css';

/** Analysis › Saved graphs: the saved answers as cards in their order, each worked out again on the dataset's current rows. */
export default function SavedGraphsPage() {
  const { t } = useTranslation();
  const canEdit = useHeldTasks().includes('editSavedGraph');
  const client = useQueryClient();
  const graphs = useQuery({ queryKey: SAVED_GRAPHS_KEY, queryFn: ({ signal }) => call(endpoints.listSavedGraphs, { signal }) });
  const items = graphs.data?.items ?? [];
  const order = useMutation({
    mutationFn: (savedGraphIds: string[]) => call(endpoints.orderSavedGraphs, { body: { savedGraphIds } }),
    onMutate: (ids) => {
      // The cards move at once; the server's answer (or a reload on failure) settles it.
      const byId = new Map(items.map((g) => [g.savedGraphId, g]));
      client.setQueryData(SAVED_GRAPHS_KEY, { items: ids.map((id) => byId.get(id)!).filter(Boolean) });
    },
    onSuccess: (answer) => client.setQueryData(SAVED_GRAPHS_KEY, answer),
    onError: () => void client.invalidateQueries({ queryKey: SAVED_GRAPHS_KEY, exact: true }),
  });
  const move = (g: SavedGraph, by: -1 | 1) => order.mutate(moved(items, g.savedGraphId, by));

  return (
    <>
      <PageHeading title={t('analysis.title.savedGraphs')} subtitle={t('analysisGraphs.subtitle')} />
      {graphs.isError && <Alert type="error" showIcon title={describeError(graphs.error)} />}
      {graphs.isLoading && <Spin />}
      {graphs.data && items.length === 0 && (
        <Empty description={t('analysisGraphs.empty')}>
          <Link to="/analysis/ai-insights">{t('analysisGraphs.toAiInsights')}</Link>
        </Empty>
      )}
      <ol className="saved-graphs" aria-label={t('analysis.title.savedGraphs')}>
        {items.map((g, i) => (
          <li key={g.savedGraphId} className="saved-graphs__item">
            <SavedGraphCard graph={g} canEdit={canEdit} first={i === 0} last={i === items.length - 1} moving={order.isPending} onMove={(by) => move(g, by)} />
          </li>
        ))}
      </ol>
    </>
  );
}
