import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { rankStars, rankStyle } from './rank.ts';

/** A partner's rank in its own style: colour, stars and name. */
export function RankTag({ rank }: { rank: number }) {
  const { t } = useTranslation();
  const style = rankStyle(rank);
  return (
    <Tag color={style.color} className="partner-rank" aria-label={t('partnerPage.rankOf', { rank, name: t(style.labelKey) })}>
      <span className="partner-rank__stars" aria-hidden="true">
        {rankStars(rank)}
      </span>{' '}
      {t(style.labelKey)}
    </Tag>
  );
}
