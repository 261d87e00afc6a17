import type { ValidationData } from '@val/contracts';
import { toast, type ToastInput } from '@val/ui';

/**
 * Builds the validation report with the shared jspdf builder (loaded on demand, so jspdf stays
 * out of the page's first load) and saves it under its spec file name. Resolves with the name.
 */
export async function downloadValidationReport(data: ValidationData): Promise<string> {
  const { buildValidationReportPdf } = await import(/* webpackChunkName: "validation-report-pdf" */ '@val/pdf');
  const pdf = buildValidationReportPdf(data);
  const href = URL.createObjectURL(new Blob([pdf.bytes], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = pdf.fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return pdf.fileName;
}

/**
 * Saves the report and tells the visitor how it went: the spec's success toast, or its error toast
 * (the cause goes to the console). The lab and the permalink page use it alike.
 */
export async function downloadValidationReportWithToasts(data: ValidationData, texts: { done: ToastInput; failed: ToastInput }): Promise<void> {
  try {
    await downloadValidationReport(data);
    toast({ ...texts.done, variant: 'success' });
  } catch (err) {
    console.error('PDF generation failed', err);
    toast(texts.failed);
  }
}
