// Offline page texts in the stored language (vi default); kept tiny and dependency-free.
(() => {
  const texts = {
    vi: [
      'Bạn đang ngoại tuyến',
      'Không thể kết nối tới máy chủ. Vui lòng kiểm tra kết nối internet và thử lại.',
      'Dữ liệu sẽ được đồng bộ khi có kết nối',
      'Thử lại',
      'Trang chủ',
    ],
    en: [
      'You are offline',
      'Unable to connect to server. Please check your internet connection and try again.',
      'Data will be synced when connection is available',
      'Retry',
      'Home',
    ],
    ja: [
      'オフラインです',
      'サーバーに接続できません。インターネット接続を確認して、もう一度お試しください。',
      '接続が回復するとデータが同期されます',
      '再試行',
      'ホーム',
    ],
  };
  let lang = 'vi';
  try {
    const s = localStorage.getItem('app-locale');
    if (s && texts[s]) lang = s;
  } catch {}
  const t = texts[lang];
  document.documentElement.lang = lang;
  document.title = t[0];
  ['title', 'desc', 'note', 'retry', 'home'].forEach((id, i) => {
    document.getElementById(id).textContent = t[i];
  });
  document.getElementById('retry').addEventListener('click', () => location.reload());
})();
