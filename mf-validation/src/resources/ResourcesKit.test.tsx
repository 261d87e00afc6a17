import { renderToStaticMarkup } from 'react-dom/server';
import type { PartnerTool, ValidationData } from '@val/contracts';
import { ResourcesKit } from './ResourcesKit';

/** The partner list the kit reads: `mockTools`, whatever the real list holds. */
const seven: PartnerTool[] = jest.requireActual('@val/contracts').PARTNER_TOOLS.slice(0, 7);
let mockTools: PartnerTool[] = seven;
jest.mock('@val/contracts', () => {
  const actual = jest.requireActual('@val/contracts');
  return {
    ...actual,
    get PARTNER_TOOLS() {
      return mockTools;
    },
  };
});

const validation: ValidationData = { idea: 'A meal planner', targetCustomer: 'Busy parents', problemSolved: 'Food waste', feedback: '## Score\n7/10' };

/** The visible text of the kit, tags as spaces. */
const textOf = (v: ValidationData | null) =>
  renderToStaticMarkup(<ResourcesKit validation={v} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const eighth: PartnerTool = {
  company: 'canva',
  name: 'Canva',
  title: 'Design the launch visuals',
  description: 'Logos, social posts and one-pagers for the idea.',
  category: 'Presentations',
  url: 'https://www.canva.com/?ref=val',
  logoUrl: 'https://www.canva.com/',
  logo: { initials: 'C', background: '#00c4cc', foreground: '#ffffff' },
  color: '#00c4cc',
  highlighted: false,
};

describe('the resources kit counts its partner tools', () => {
  afterEach(() => {
    mockTools = seven;
  });

  it('reads "seven hand-picked tools" with seven partners, locked and unlocked', () => {
    expect(textOf(null)).toContain('Validate your idea in the lab above and Val unlocks seven hand-picked tools for your next steps:');
    expect(textOf(validation)).toContain(
      'Seven hand-picked tools to act on Val’s next steps: build, grow an audience, plan, pitch, collaborate, organise and learn.',
    );
  });

  it('follows the list: an eighth partner makes it "eight", with no card or step left out', () => {
    mockTools = [...seven, eighth];
    expect(textOf(null)).toContain('Val unlocks eight hand-picked tools for your next steps:');
    const unlocked = textOf(validation);
    expect(unlocked).toContain('Eight hand-picked tools to act on Val’s next steps: build, grow an audience, plan, pitch, collaborate, organise and learn.');
    expect(unlocked).toContain('Try Canva');
    expect(unlocked).not.toMatch(/seven/i);
  });
});
