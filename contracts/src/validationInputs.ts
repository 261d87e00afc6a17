/**
 * The one description of a validation's inputs. The request schema, the TypeScript types, the
 * form, the stored row, the trimming, the CLI's flags and listings, the PDF, the permalink and the
 * comparison all read it: a new input is a new entry here (plus, for its stored column, a
 * migration). No zod here: the browser's shared contracts module loads this file.
 */

/** One input of a validation. */
export interface ValidationInputSpec {
  /** The key in the request, the answers and the stored view; error messages name it. */
  readonly name: string;
  /** The form's label. */
  readonly label: string;
  /** Its name where the inputs are listed (the permalink, the comparison, `val validations show`). */
  readonly listLabel: string;
  /** The PDF report's section heading. */
  readonly pdfHeading: string;
  /** Most characters accepted (the schema's 400 and the form's maxLength). */
  readonly max: number;
  /** Required inputs must be non-blank after trimming; an optional one may be left out or blank. */
  readonly required: boolean;
  /** Multi-line (a text area across the form) or single-line (an input, two to a row). */
  readonly multiline: boolean;
  /** The form's example text. */
  readonly placeholder: string;
  /** `val validate --<flag> <text>`, and its help text. */
  readonly cli: { readonly flag: string; readonly help: string };
  /** The column of the `validations` table that stores it (nullable for an optional input). */
  readonly column: string;
}

/**
 * The inputs, in the order the form, the PDF, the permalink and the comparison show them. Every
 * input is stored and sent without its surrounding white space.
 */
export const VALIDATION_INPUTS = [
  {
    name: 'idea',
    label: 'Your startup idea',
    listLabel: 'Idea',
    pdfHeading: 'Idea',
    max: 4000,
    required: true,
    multiline: true,
    placeholder: 'e.g. An app that plans a week of cheap, healthy dinners from what is already in your fridge',
    cli: { flag: 'idea', help: 'the startup idea' },
    column: 'idea',
  },
  {
    name: 'targetCustomer',
    label: 'Target customer',
    listLabel: 'Target customer',
    pdfHeading: 'Target Customer',
    max: 1000,
    required: true,
    multiline: false,
    placeholder: 'e.g. Busy working parents',
    cli: { flag: 'customer', help: 'the target customer' },
    column: 'target_customer',
  },
  {
    name: 'problemSolved',
    label: 'Problem solved',
    listLabel: 'Problem solved',
    pdfHeading: 'Problem Solved',
    max: 2000,
    required: true,
    multiline: false,
    placeholder: 'e.g. Dinner planning wastes time',
    cli: { flag: 'problem', help: 'the problem it solves' },
    column: 'problem_solved',
  },
] as const satisfies readonly ValidationInputSpec[];

type Described = (typeof VALIDATION_INPUTS)[number];
/** The name of an input. */
export type ValidationInputName = Described['name'];
type RequiredName = Extract<Described, { required: true }>['name'];
type OptionalName = Exclude<ValidationInputName, RequiredName>;

/** One `T` per input: for each required input always, for an optional one possibly not. */
export type PerInput<T> = { [K in RequiredName]: T } & { [K in OptionalName]?: T };

/** A validation's inputs: the required ones always, the optional ones when given. */
export type ValidationInputs = PerInput<string>;

/** The described inputs of `v` (anything else left out), each trimmed; an optional one left blank is left out. */
export function trimmedInputs(v: Partial<Record<ValidationInputName, string | null>>): ValidationInputs {
  const out: Partial<Record<ValidationInputName, string>> = {};
  for (const f of VALIDATION_INPUTS as readonly ValidationInputSpec[]) {
    const value = (v[f.name as ValidationInputName] ?? '').trim();
    if (f.required || value) out[f.name as ValidationInputName] = value;
  }
  return out as ValidationInputs;
}

/** The described inputs of `v` as they are (anything else left out; an absent optional one stays absent). */
export function inputsOf(v: Partial<Record<ValidationInputName, unknown>>): ValidationInputs {
  const out: Partial<Record<ValidationInputName, string>> = {};
  for (const f of VALIDATION_INPUTS as readonly ValidationInputSpec[]) {
    const value = v[f.name as ValidationInputName];
    if (typeof value === 'string') out[f.name as ValidationInputName] = value;
  }
  return out as ValidationInputs;
}

/** The required inputs that are blank after trimming (the form's "Missing Information"). */
export const missingInputs = (v: Partial<Record<ValidationInputName, string | null>>): ValidationInputName[] =>
  (VALIDATION_INPUTS as readonly ValidationInputSpec[])
    .filter((f) => f.required && !(v[f.name as ValidationInputName] ?? '').trim())
    .map((f) => f.name as ValidationInputName);

/** Limits on the inputs (characters), by name. */
export const VALIDATION_LIMITS = Object.fromEntries(VALIDATION_INPUTS.map((f) => [f.name, f.max])) as {
  readonly [K in ValidationInputName]: Extract<Described, { name: K }>['max'];
};

/**
 * The validation's words on screen and in the terminal (the lab, the permalink and `val validate`),
 * in the product's wording.
 */
export const VALIDATION_TEXT = {
  submit: 'Get AI Feedback!',
  pending: 'AI analysis coming in 30 seconds...',
  resultHeading: "Val's Analysis is Ready!",
  save: 'Save Your Results',
  download: 'Download PDF Report',
  generating: 'Generating PDF...',
  offlineNote: 'Answered by the offline analyst — connect a model for deeper analysis',
  missing: { title: 'Missing Information', description: 'Please fill in all three fields!' },
  failed: { title: 'Error', description: 'Failed to validate your idea. Please try again.' },
  pdfDone: { title: 'PDF Downloaded!', description: 'Your validation report has been saved as a PDF' },
  pdfFailed: { title: 'Error', description: 'Failed to generate PDF report' },
} as const;
