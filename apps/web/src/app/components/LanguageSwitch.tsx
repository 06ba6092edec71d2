import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@nusa/contracts';
import { setLanguage, useLanguage } from '../../i18n/index.ts';

/** Indonesian / English switch (spec 1); the choice is kept in the browser. */
export function LanguageSwitch({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div role="group" aria-label={t('language.label')} className={inverted ? 'language-switch language-switch--inverted' : 'language-switch'}>
      <Segmented<Language>
        size="small"
        value={language}
        onChange={(lang) => void setLanguage(lang)}
        options={LANGUAGES.map((lang) => ({ value: lang, label: lang.toUpperCase(), title: t(`language.${lang}`) }))}
      />
    </div>
  );
}
