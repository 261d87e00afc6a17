import { useEffect, useRef, useState, type PointerEvent } from 'react';
import styled from 'styled-components';
import { t } from './theme';
import { dismissToast, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX, useToasts, type Toast } from './toast';

/** Below the sticky header, when the toast moves to the top. */
const TOP_OFFSET_PX = 64;

const Viewport = styled.ol<{ $top: boolean }>`
  position: fixed;
  z-index: 1000;
  right: 0;
  ${(p) => (p.$top ? `top: ${TOP_OFFSET_PX}px;` : 'bottom: 0;')}
  margin: 0;
  padding: 16px;
  list-style: none;
  width: min(420px, 100vw);
  display: flex;
  flex-direction: column;
  gap: 8px;
  outline: none;
  pointer-events: none;
`;

const Item = styled.li<{ $variant: Toast['variant'] }>`
  pointer-events: auto;
  background: ${(p) => (p.$variant === 'destructive' ? t.danger : t.bgElevated)};
  color: ${(p) => (p.$variant === 'destructive' ? t.dangerText : t.text)};
  border: 1px solid ${(p) => (p.$variant === 'success' ? t.success : t.border)};
  border-radius: 12px;
  box-shadow: ${t.shadow};
  padding: 14px 40px 14px 16px;
  position: relative;
  touch-action: pan-y;
  user-select: none;
  transition:
    transform 150ms ease,
    opacity 150ms ease;
  strong {
    display: block;
    font-size: 0.95rem;
  }
  p {
    margin: 4px 0 0;
    font-size: 0.9rem;
    opacity: 0.92;
  }
  button {
    position: absolute;
    top: 8px;
    right: 8px;
    border: 0;
    background: transparent;
    color: inherit;
    font-size: 1.1rem;
    cursor: pointer;
    padding: 4px 8px;
    border-radius: 6px;
  }
`;

function ToastItem({ item }: { item: Toast }) {
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const paused = useRef(false);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (!paused.current) dismissToast(item.id);
    }, item.duration);
    return () => window.clearTimeout(timer);
  }, [item.id, item.duration]);

  const onDown = (e: PointerEvent<HTMLLIElement>) => {
    start.current = e.clientX;
    (e.currentTarget as HTMLLIElement).setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    setDx(Math.max(0, e.clientX - start.current));
  };
  const onUp = (e: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    const moved = e.clientX - start.current;
    start.current = null;
    if (moved > TOAST_SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else setDx(0);
  };

  return (
    <Item
      $variant={item.variant}
      role="status"
      aria-live="polite"
      data-testid="toast"
      data-variant={item.variant}
      style={{ transform: `translateX(${dx}px)`, opacity: dx ? Math.max(0.3, 1 - dx / 200) : 1 }}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={() => {
        start.current = null;
        setDx(0);
      }}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
    >
      <strong>{item.title}</strong>
      {item.description && <p>{item.description}</p>}
      <button type="button" aria-label="Close notification" onClick={() => dismissToast(item.id)}>
        ×
      </button>
    </Item>
  );
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
const area = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** What a user can click, tap or type into: a toast must not sit on it. */
export const CLICKABLE_SELECTOR =
  'a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], [role="link"], [tabindex]:not([tabindex="-1"])';
/** Covering a pixel of something clickable counts this many times a pixel of a marked part. */
const CLICKABLE_WEIGHT = 10;

/**
 * Where a toast of `height` px covers the least: of what the page marks `data-toast-avoid` (the
 * admin's first row, an open chat) and, weighing much more, of what can be clicked (`clickable`:
 * the buttons, links and fields on screen, e.g. the admin's Refresh and Log out). The
 * bottom-right corner by default, the top when that covers less. Pure, for tests.
 */
export function toastPlacement(
  height: number,
  viewport: { width: number; height: number },
  avoid: ReadonlyArray<Box>,
  clickable: ReadonlyArray<Box> = [],
): 'top' | 'bottom' {
  const w = Math.min(420, viewport.width);
  const h = height + 32;
  const bottom: Box = { left: viewport.width - w, right: viewport.width, top: viewport.height - h, bottom: viewport.height };
  const top: Box = { left: viewport.width - w, right: viewport.width, top: TOP_OFFSET_PX, bottom: TOP_OFFSET_PX + h };
  const cover = (spot: Box) => avoid.reduce((n, r) => n + area(spot, r), 0) + CLICKABLE_WEIGHT * clickable.reduce((n, r) => n + area(spot, r), 0);
  return cover(top) < cover(bottom) ? 'top' : 'bottom';
}

/** The boxes of the visible clickable elements outside the toast viewport `own`. */
function clickableBoxes(own: Element | null): Box[] {
  return [...document.querySelectorAll(CLICKABLE_SELECTOR)]
    .filter((e) => !own?.contains(e))
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight);
}

/** The toast viewport with its styles, swipe and placement: loaded by `Toaster` with the first toast. */
export default function ToasterView() {
  const items = useToasts();
  const ref = useRef<HTMLOListElement>(null);
  const [top, setTop] = useState(false);
  useEffect(() => {
    if (!items.length) return;
    // While a toast shows, keep it off what can be clicked and the marked parts of the page, as they appear and scroll.
    const place = () => {
      const list = ref.current;
      const avoid = [...document.querySelectorAll('[data-toast-avoid]')].map((e) => e.getBoundingClientRect());
      const height = list?.getBoundingClientRect().height || 80;
      setTop(toastPlacement(height, { width: window.innerWidth, height: window.innerHeight }, avoid, clickableBoxes(list)) === 'top');
    };
    place();
    // Parts of the page appear after the toast (the dashboard's rows after the login toast).
    let frame = 0;
    const soon = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    const observer = typeof MutationObserver === 'undefined' ? null : new MutationObserver(soon);
    observer?.observe(document.body, { childList: true, subtree: true });
    // ...and as the page's layout settles without a DOM change (a chart sized to its box, fonts).
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(soon);
    resized?.observe(document.body);
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      observer?.disconnect();
      resized?.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [items.length]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST_HOTKEY) {
        e.preventDefault();
        ref.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Viewport
      ref={ref}
      $top={top}
      data-placement={top ? 'top' : 'bottom'}
      tabIndex={-1}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      data-testid="toast-viewport"
    >
      {items.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </Viewport>
  );
}
