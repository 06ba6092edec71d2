import { Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES, endpoints, type PasswordClass } from '@nusa/contracts';
import { call } from '../../api/call.ts';
import { formatNumber } from '../../app/format.ts';
import { useLanguage } from '../../i18n/index.ts';

const CLASS_KEYS: Record<PasswordClass, string> = {
  lower: 'appConfig.classLower',
  upper: 'appConfig.classUpper',
  digit: 'appConfig.classDigit',
  symbol: 'appConfig.classSymbol',
};

/** Configuration › App configuration (spec 2; tasks viewConfig / managePasswordPolicy): the tenant's settings. */
export default function AppConfigurationPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = useQuery({
    queryKey: ['config', 'app'],
    queryFn: ({ signal }) => call(endpoints.getAppConfiguration, { signal }),
  });
  const settings = data?.settings;
  const policy = data?.passwordPolicy;
  const defaultPage = settings && APP_ROUTES.find((r) => r.path === settings.defaultPage);

  return (
    <div>
      <header className="page-heading">
        <div>
          <h1 className="page-heading__title">{t('page.appConfiguration')}</h1>
          <p className="page-heading__subtitle">{t('appConfig.description')}</p>
        </div>
      </header>
      <div className="section-stack">
        <Card className="section-card" title={t('appConfig.general')}>
          {settings ? (
            <Descriptions
              column={{ xs: 1, md: 2 }}
              bordered
              size="middle"
              items={[
                { key: 'product', label: t('appConfig.productName'), children: settings.productName },
                { key: 'lang', label: t('appConfig.defaultLanguage'), children: t(`language.${settings.defaultLanguage}`) },
                { key: 'page', label: t('appConfig.defaultPage'), children: defaultPage ? t(defaultPage.titleKey) : settings.defaultPage },
                {
                  key: 'release',
                  label: t('appConfig.latestRelease'),
                  children: `${settings.releaseVersion} · ${dayjs(settings.releaseDate).locale(language).format('D MMMM YYYY')}`,
                },
                {
                  key: 'notes',
                  label: t('releaseNotes.notes'),
                  span: 'filled',
                  children: (
                    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                      {settings.releaseNotes || t('releaseNotes.empty')}
                    </Typography.Paragraph>
                  ),
                },
              ]}
            />
          ) : (
            <Skeleton active paragraph={{ rows: 3 }} />
          )}
        </Card>
        <Card className="section-card" title={t('appConfig.passwordPolicy')}>
          {policy ? (
            <Descriptions
              column={{ xs: 1, md: 2 }}
              bordered
              size="middle"
              items={[
                { key: 'min', label: t('appConfig.minLength'), children: t('appConfig.characters', { value: formatNumber(policy.minLength) }) },
                {
                  key: 'classes',
                  label: t('appConfig.requiredClasses'),
                  children: policy.requiredClasses.length
                    ? policy.requiredClasses.map((c) => <Tag key={c}>{t(CLASS_KEYS[c])}</Tag>)
                    : t('appConfig.noClasses'),
                },
                {
                  key: 'expiry',
                  label: t('appConfig.expiry'),
                  children: policy.expiryDays > 0 ? t('appConfig.days', { value: formatNumber(policy.expiryDays) }) : t('appConfig.never'),
                },
                { key: 'lockout', label: t('appConfig.lockout'), children: t('appConfig.attempts', { value: formatNumber(policy.failedAttemptsBeforeLockout) }) },
              ]}
            />
          ) : (
            <Skeleton active paragraph={{ rows: 2 }} />
          )}
        </Card>
      </div>
    </div>
  );
}
