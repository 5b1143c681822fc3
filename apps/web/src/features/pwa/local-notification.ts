/** A local notification with the app icon, only when permission is granted (else nothing). */
const ICON = '/pwa-192x192.png';

export async function showLocalNotification(title: string, body: string): Promise<boolean> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  try {
    // Mobile Chrome allows notifications only through the service worker.
    const reg = await navigator.serviceWorker?.getRegistration();
    if (reg) await reg.showNotification(title, { body, icon: ICON });
    else new Notification(title, { body, icon: ICON });
    return true;
  } catch (err) {
    console.error('notification failed', err);
    return false;
  }
}
