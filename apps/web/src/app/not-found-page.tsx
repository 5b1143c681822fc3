import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="min-h-screen grid place-items-center p-6 bg-base-200">
      <div className="text-center space-y-4">
        <p className="text-8xl font-black text-primary">{t('app.notFound.code')}</p>
        <h1 className="text-2xl font-bold">{t('app.notFound.title')}</h1>
        <p>{t('app.notFound.description')}</p>
        <div className="flex gap-2 justify-center">
          <Link to="/" className="btn btn-primary">
            {t('app.notFound.goHome')}
          </Link>
          <button type="button" className="btn" onClick={() => navigate(-1)}>
            {t('app.notFound.goBack')}
          </button>
        </div>
      </div>
    </main>
  );
}
