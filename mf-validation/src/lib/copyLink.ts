import { validationPermalink } from '@val/contracts';
import { toast } from '@val/ui';

/** The full permalink of a validation on this site. */
export const permalinkUrl = (id: string): string => `${window.location.origin}${validationPermalink(id)}`;

/** Copies a validation's permalink (Clipboard API, else a hidden text area) and says so in a toast. */
export async function copyPermalink(id: string): Promise<void> {
  const href = permalinkUrl(id);
  let ok: boolean;
  try {
    await navigator.clipboard.writeText(href);
    ok = true;
  } catch {
    const area = document.createElement('textarea');
    area.value = href;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
  }
  toast(
    ok
      ? { title: 'Link copied', description: `Anyone with this link can read this validation: ${href}`, variant: 'success' }
      : { title: 'Copy this link', description: href },
  );
}
