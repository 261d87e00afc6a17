import type { ValidationData } from '@val/contracts';

/**
 * Builds the validation report with the shared jspdf builder (loaded on demand, so jspdf stays
 * out of the page's first load) and saves it under its spec file name. Resolves with the name.
 */
export async function downloadValidationReport(data: ValidationData): Promise<string> {
  const { buildValidationReportPdf } = await import(
    /* webpackChunkName: "validation-report-pdf" */ '@val/contracts/dist/pdf/validationReport'
  );
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
