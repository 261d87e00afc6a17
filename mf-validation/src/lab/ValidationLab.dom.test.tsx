import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { START_OVER_EVENT, VALIDATION_INPUTS, VALIDATION_TEXT, type ValidationData } from '@val/contracts';
import { dismissToast } from '@val/ui';
import { apiError, renderInPage, servePageFrom, startBff, startLoopback, type Loopback, type RealBff } from '../test/dom';
import { readMyValidations } from '../lib/myValidations';
import { ValidationLab } from './ValidationLab';

/*
 * Step 1 as a visitor uses it, against the real BFF (the offline analyst answers): the spec's
 * form texts and toasts, the streamed analysis, the result, and the error toasts when the API fails.
 */

const IDEA = {
  idea: 'A meal planner that turns what is left in the fridge into dinners',
  targetCustomer: 'Busy working parents',
  problemSolved: 'Food waste and dinner stress',
};

let bff: RealBff;
let loopback: Loopback | undefined;

beforeAll(async () => {
  // jsdom has no layout: the result scrolls into view through this.
  Element.prototype.scrollIntoView = function scrollIntoView() {};
  // Slow enough that the streamed state is seen before the result.
  bff = await startBff({ OFFLINE_AI_DELAY_MS: '1500' });
});
afterAll(() => bff.close());
beforeEach(() => {
  servePageFrom(bff.url);
  window.localStorage.clear();
});
afterEach(async () => {
  jest.restoreAllMocks();
  act(() => dismissToast());
  await loopback?.close();
  loopback = undefined;
});

/** The lab's form, filled in as a visitor would (pasted: typing each character only slows the test). */
async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  for (const f of VALIDATION_INPUTS) {
    await user.click(screen.getByLabelText(f.label));
    await user.paste(IDEA[f.name]);
  }
}

/** The failure is logged (console.error/warn): expected here, kept out of the test's output. */
const quietConsole = () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
};

const submitButton = () => screen.getByRole('button', { name: VALIDATION_TEXT.submit });

describe('the Idea Validation Lab', () => {
  it('shows its three inputs and the spec’s submit button', () => {
    renderInPage(<ValidationLab validation={null} />);
    expect(screen.getByRole('heading', { name: 'Idea Validation Lab' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Your startup idea' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Target customer' }).tagName).toBe('INPUT');
    expect(screen.getByRole('textbox', { name: 'Problem solved' }).tagName).toBe('INPUT');
    expect(submitButton()).toHaveProperty('disabled', false);
    expect(screen.getByText('Free, no signup required.')).toBeTruthy();
  });

  it('refuses a form with a blank field with the spec’s toast, and calls nothing', async () => {
    loopback = await startLoopback(() => ({ status: 500, json: apiError('internal', 'Internal error') }));
    servePageFrom(loopback.url);
    const user = userEvent.setup();
    renderInPage(<ValidationLab validation={null} />);
    await user.click(submitButton());
    expect(await screen.findByText(VALIDATION_TEXT.missing.title)).toBeTruthy();
    expect(screen.getByText(VALIDATION_TEXT.missing.description)).toBeTruthy();

    // Two of three filled (the third only spaces): still the same toast.
    act(() => dismissToast());
    await user.type(screen.getByLabelText('Your startup idea'), IDEA.idea);
    await user.type(screen.getByLabelText('Target customer'), IDEA.targetCustomer);
    await user.type(screen.getByLabelText('Problem solved'), '   ');
    await user.click(submitButton());
    expect(await screen.findByText(VALIDATION_TEXT.missing.description)).toBeTruthy();
    expect(loopback.hits).toEqual([]);
    expect(screen.queryByRole('heading', { name: VALIDATION_TEXT.resultHeading })).toBeNull();
  });

  it('streams Val’s analysis, then shows the result with its score, and hands it to the shell', async () => {
    const onValidated = jest.fn<void, [ValidationData]>();
    const user = userEvent.setup();
    renderInPage(<ValidationLab validation={null} onValidated={onValidated} />);
    await fillForm(user);
    await user.click(submitButton());

    // While Val writes: the pending button, disabled, and the analysis as it streams in.
    const pending = await screen.findByRole('button', { name: VALIDATION_TEXT.pending });
    expect(pending).toHaveProperty('disabled', true);
    const live = screen.getByTestId('validation-live');
    expect(within(live).getByText('Val is analysing your idea…')).toBeTruthy();
    await waitFor(() => expect(live.textContent).toContain('Validation Score'), { timeout: 10000 });
    expect(screen.queryByRole('heading', { name: VALIDATION_TEXT.resultHeading })).toBeNull();

    // The result: the spec's heading, the feedback as formatted text, the score, who answered, the PDF block.
    const heading = await screen.findByRole('heading', { name: VALIDATION_TEXT.resultHeading }, { timeout: 10000 });
    const result = screen.getByTestId('validation-result');
    expect(result.contains(heading)).toBe(true);
    expect(screen.queryByTestId('validation-live')).toBeNull();
    expect(within(result).getByText(`Your idea: “${IDEA.idea}”`)).toBeTruthy();
    const feedback = screen.getByTestId('validation-feedback');
    expect(await within(feedback).findByRole('heading', { name: 'Market Opportunity' })).toBeTruthy();
    expect(within(result).getByText(VALIDATION_TEXT.offlineNote)).toBeTruthy();
    expect(within(result).getByRole('heading', { name: VALIDATION_TEXT.save })).toBeTruthy();
    expect(within(result).getByRole('button', { name: VALIDATION_TEXT.download })).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', false);

    // The score shown is the stored validation's (kept in this browser's list, read back from the API).
    const [own] = readMyValidations();
    expect(own).toBeDefined();
    const stored = (await (await bff.fetch(`/api/validations/${own.id}`)).json()) as { score: number; feedback: string };
    expect(typeof stored.score).toBe('number');
    expect(feedback.textContent).toContain('Validation Score');
    expect(feedback.textContent).toContain(String(stored.score));

    expect(onValidated).toHaveBeenCalledTimes(1);
    expect(onValidated.mock.calls[0][0]).toMatchObject({ ...IDEA, feedback: stored.feedback });
  });

  it('“Start over” while Val writes drops that run: no result comes, and the form is empty and usable', async () => {
    const onValidated = jest.fn();
    const user = userEvent.setup();
    renderInPage(<ValidationLab validation={null} onValidated={onValidated} />);
    await fillForm(user);
    await user.click(submitButton());
    const live = await screen.findByTestId('validation-live');
    await waitFor(() => expect(live.textContent).toContain('Validation Score'));

    act(() => void window.dispatchEvent(new Event(START_OVER_EVENT)));
    expect(screen.queryByTestId('validation-live')).toBeNull();
    expect(submitButton()).toHaveProperty('disabled', false);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your startup idea').value).toBe('');
    // Longer than the rest of the answer would take: nothing of the dropped run shows up.
    await act(() => new Promise((r) => setTimeout(r, 2000)));
    expect(screen.queryByRole('heading', { name: VALIDATION_TEXT.resultHeading })).toBeNull();
    expect(screen.queryByTestId('validation-live')).toBeNull();
    expect(screen.queryByText(VALIDATION_TEXT.failed.description)).toBeNull();
    expect(onValidated).not.toHaveBeenCalled();
  });

  it('shows the spec’s error toast when the API answers 500, and the form is usable again', async () => {
    quietConsole();
    loopback = await startLoopback(() => ({ status: 500, json: apiError('internal', 'Internal error') }));
    servePageFrom(loopback.url);
    const onValidated = jest.fn();
    const user = userEvent.setup();
    renderInPage(<ValidationLab validation={null} onValidated={onValidated} />);
    await fillForm(user);
    await user.click(submitButton());

    expect(await screen.findByText(VALIDATION_TEXT.failed.description)).toBeTruthy();
    expect(screen.getByText(VALIDATION_TEXT.failed.title)).toBeTruthy();
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    expect(screen.queryByRole('heading', { name: VALIDATION_TEXT.resultHeading })).toBeNull();
    expect(screen.queryByTestId('validation-live')).toBeNull();
    expect(onValidated).not.toHaveBeenCalled();
    // The stream failed on the server's side, so the JSON endpoint was tried too.
    expect(loopback.hits).toEqual(['POST /api/validate/stream', 'POST /api/validate']);
    // The inputs are kept for another try.
    expect(screen.getByLabelText<HTMLInputElement>('Target customer').value).toBe(IDEA.targetCustomer);
  });

  it('on a 429 adds the server’s reason and when to retry to the error toast', async () => {
    quietConsole();
    loopback = await startLoopback(() => ({
      status: 429,
      json: apiError('rate_limited', 'Too many validations from this address.'),
      headers: { 'retry-after': '42' },
    }));
    servePageFrom(loopback.url);
    const user = userEvent.setup();
    renderInPage(<ValidationLab validation={null} />);
    await fillForm(user);
    await user.click(submitButton());

    expect(
      await screen.findByText(`${VALIDATION_TEXT.failed.description} Too many validations from this address. You can try again in 42 seconds.`),
    ).toBeTruthy();
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    expect(screen.queryByRole('heading', { name: VALIDATION_TEXT.resultHeading })).toBeNull();
    // A 429 is final: no second try on the JSON endpoint.
    expect(loopback.hits).toEqual(['POST /api/validate/stream']);
  });

  it('shows a result the shell restored after a reload, with its inputs back in the form', async () => {
    const restored: ValidationData = { ...IDEA, feedback: '## Market Opportunity\nA big one.' };
    renderInPage(<ValidationLab validation={restored} />);
    expect(await screen.findByRole('heading', { name: VALIDATION_TEXT.resultHeading })).toBeTruthy();
    expect(await within(screen.getByTestId('validation-feedback')).findByRole('heading', { name: 'Market Opportunity' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your startup idea').value).toBe(IDEA.idea);
    expect(screen.getByLabelText<HTMLInputElement>('Problem solved').value).toBe(IDEA.problemSolved);
  });
});
