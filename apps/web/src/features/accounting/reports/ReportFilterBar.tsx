import type { ReactNode } from 'react';
import { Button, DatePicker, Segmented } from 'antd';
import { FilePdfOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { endpoints, type LedgerReport, type ReportExportQuery } from '@nusa/contracts';
import { callFile, saveBlob } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { useLanguage } from '../../../i18n/index.ts';
import { OrgUnitPicker } from '../../../app/components/pickers/OrgUnitPicker.tsx';
import type { ReportFilters } from './report-query.ts';

interface Props {
  filters: ReportFilters;
  onChange: (change: Partial<ReportFilters>) => void;
  /** The balance sheet asks for one date instead of a period or range. */
  asOfDate?: boolean;
  children?: ReactNode;
}

/** Period (month) or date range, or one date, and the OU (blank: consolidated). */
export function ReportFilterBar({ filters: f, onChange, asOfDate, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className="report-filters">
      {asOfDate ? (
        <DatePicker
          aria-label={t('reports.asOf')}
          value={dayjs(f.date)}
          format="DD/MM/YYYY"
          allowClear={false}
          onChange={(d) => d && onChange({ date: d.format('YYYY-MM-DD') })}
        />
      ) : (
        <>
          <Segmented<ReportFilters['mode']>
            value={f.mode}
            onChange={(mode) => onChange({ mode })}
            options={[
              { value: 'period', label: t('reports.mode.period') },
              { value: 'range', label: t('reports.mode.range') },
            ]}
          />
          {f.mode === 'period' ? (
            <DatePicker
              picker="month"
              aria-label={t('reports.mode.period')}
              placeholder={t('reports.periodPlaceholder')}
              value={dayjs(`${f.period.slice(0, 4)}-${f.period.slice(4)}-01`)}
              format="MM/YYYY"
              allowClear={false}
              onChange={(d) => d && onChange({ period: d.format('YYYYMM') })}
            />
          ) : (
            <DatePicker.RangePicker
              aria-label={t('reports.mode.range')}
              value={[dayjs(f.from), dayjs(f.to)]}
              format="DD/MM/YYYY"
              allowClear={false}
              onChange={(r) => r?.[0] && r[1] && onChange({ from: r[0].format('YYYY-MM-DD'), to: r[1].format('YYYY-MM-DD') })}
            />
          )}
        </>
      )}
      <div className="report-filters__ou">
        <OrgUnitPicker
          value={f.ouId}
          onChange={(ouId) => onChange({ ouId: ouId ?? undefined })}
          placeholder={t('reports.allOus')}
          aria-label={t('reports.ou')}
        />
      </div>
      {children}
    </div>
  );
}

/** xlsx and PDF of the report as the filters show it, in the user's language. */
export function ExportButtons({ report, query, disabled }: { report: LedgerReport; query: ReportExportQuery; disabled?: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const download = useMutation({
    mutationFn: async (format: 'xlsx' | 'pdf') => {
      const endpoint = format === 'xlsx' ? endpoints.exportReportXlsx : endpoints.exportReportPdf;
      const blob = await callFile(endpoint, { params: { report }, query: { ...query, lang } });
      const stamp = query.date ?? query.period ?? query.from ?? dayjs().format('YYYY-MM-DD');
      saveBlob(blob, `${report}-${stamp}.${format}`);
    },
    onSuccess: () => toast.success(t('reports.exported')),
  });
  return (
    <>
      <Button
        icon={<FileExcelOutlined />}
        disabled={disabled}
        loading={download.isPending && download.variables === 'xlsx'}
        onClick={() => download.mutate('xlsx')}
      >
        {t('reports.exportXlsx')}
      </Button>
      <Button
        icon={<FilePdfOutlined />}
        disabled={disabled}
        loading={download.isPending && download.variables === 'pdf'}
        onClick={() => download.mutate('pdf')}
      >
        {t('reports.exportPdf')}
      </Button>
    </>
  );
}
