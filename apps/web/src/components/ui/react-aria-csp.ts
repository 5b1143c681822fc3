/**
 * React Aria's press handling injects a <style> element (touch-action on pressable elements)
 * unless an element with its id already exists; our Content-Security-Policy (style-src 'self')
 * blocks that inline style and Chrome reports it in the console. The rule lives in styles.css
 * instead, and this placeholder tells React Aria it is there. Imported by every component that
 * uses React Aria.
 */
const STYLE_ID = 'react-aria-pressable-style';

if (typeof document !== 'undefined' && !document.getElementById(STYLE_ID)) {
  const marker = document.createElement('meta');
  marker.id = STYLE_ID;
  marker.name = STYLE_ID;
  marker.content = 'styles.css';
  document.head.append(marker);
}
