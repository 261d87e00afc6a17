import { render, within } from '@testing-library/react';
import { ThemeProvider } from '@val/ui';
import { ChatPanel } from './ChatPanel';

/** The BFF's step-3 check and a careless model's chat reply (bff/test/carelessStepThree.ts), as the BFF sends it on. */
interface StepThreeCheckLike {
  checkStepThreeText(text: string, ctx: unknown): { text: string; removed: unknown[] };
  stepThreeContext(speaker: 'val', v: { idea: string; targetCustomer: string; problemSolved: string }, extra?: string[]): unknown;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the BFF's sources, typed here so this project's type-check does not take them in
const check = require('../../../bff/src/analysis/stepThreeCheck') as StepThreeCheckLike;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const { CARELESS_CHAT } = require('../../../bff/test/carelessStepThree') as { CARELESS_CHAT: string };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const { removedNote } = require('../../../bff/src/analysis/check') as { removedNote(n: number): string };

const idea = {
  idea: 'A GPS tracker app that finds dogs that run off on walks',
  targetCustomer: 'Dog owners in Germany',
  problemSolved: 'Dogs run off on walks',
};

describe("Val's month chat on the page (issue 37): markdown rendered, no raw ** or _", () => {
  it('a checked careless reply shows its list and the italic note; the founder’s words stay as typed', () => {
    const r = check.checkStepThreeText(CARELESS_CHAT, check.stepThreeContext('val', idea, ['Why did users leave?']));
    const reply = `${r.text}\n\n${removedNote(r.removed.length)}`;
    const { getByTestId, getAllByTestId } = render(
      <ThemeProvider>
        <ChatPanel
          variant="inset"
          label="Chat with Val about month 2"
          header={<h4>Chat with Val · Month 2</h4>}
          messages={[
            { id: '1', isUser: true, text: 'Why did users **leave**?' },
            { id: '2', isUser: false, text: reply },
          ]}
          draft={null}
          pending={false}
          onSend={async () => true}
          replyName="Val"
          inputLabel="Your message to Val about month 2"
          placeholder="Ask Val about month 2"
          rows={2}
          testIds={{ panel: 'val-chat', mine: 'founder-chat-message', reply: 'val-message', typing: 'val-typing' }}
        />
      </ThemeProvider>,
    );
    const val = getAllByTestId('val-message')[0];
    expect(
      within(val)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Call the users who left this month and ask what would have made them stay.', 'Write down their exact words and the reasons they give you.']);
    expect(val.querySelector('em')?.textContent).toBe("2 unsupported claims removed by Val's consistency check.");
    expect(val.textContent).not.toMatch(/\*\*|(^|\s)_|\$50M|break-even|9\/10/);
    expect(getByTestId('founder-chat-message').textContent).toBe('YouWhy did users **leave**?');
  });
});
