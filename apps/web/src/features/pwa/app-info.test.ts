import { describe, expect, it } from 'vitest';
import { formatBytes, parseBrowser, parseDevice, parseOs } from './app-info.ts';
import { isIosSafari } from './install-prompt.ts';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const EDGE_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0.2210.91';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/125.0 Safari/537.36';

describe('app info', () => {
  it('reads browser, OS and device type from the user agent', () => {
    expect(parseBrowser(CHROME_LINUX)).toEqual({ name: 'Chrome', version: '131.0.0.0' });
    expect(parseBrowser(SAFARI_IPHONE)).toEqual({ name: 'Safari', version: '17.4' });
    expect(parseBrowser(EDGE_WIN)).toEqual({ name: 'Edge', version: '120.0.2210.91' });
    expect(parseOs(SAFARI_IPHONE)).toBe('iOS 17.4');
    expect(parseOs(EDGE_WIN)).toBe('Windows 10/11');
    expect(parseOs(CHROME_LINUX)).toBe('Linux');
    expect(parseDevice(SAFARI_IPHONE)).toBe('mobile');
    expect(parseDevice(ANDROID_TABLET)).toBe('tablet');
    expect(parseDevice(CHROME_LINUX)).toBe('desktop');
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('iOS install instructions', () => {
  it('are meant for Safari on iPhone and iPad only', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const ipad =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    expect(isIosSafari(iphone, 5)).toBe(true);
    expect(isIosSafari(ipad, 5)).toBe(true);
    expect(isIosSafari(ipad, 0)).toBe(false);
    expect(isIosSafari(iphone.replace('Version/17.4', 'CriOS/120.0'), 5)).toBe(false);
    expect(isIosSafari('Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36', 0)).toBe(false);
  });
});
