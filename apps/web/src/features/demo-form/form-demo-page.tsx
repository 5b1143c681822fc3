import { useTranslation } from 'react-i18next';

export default function FormDemoPage() {
  const { t } = useTranslation();
  return <h1 className="text-2xl font-bold">{t('app.title')}</h1>;
}
