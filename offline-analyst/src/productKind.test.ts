import { PRODUCT_KINDS, readProductKind } from './productKind';

const kind = (idea: string, targetCustomer = '') => readProductKind({ idea, targetCustomer });

describe('readProductKind', () => {
  it('lists the five kinds', () => {
    expect(PRODUCT_KINDS).toEqual(['software', 'hardware', 'service', 'marketplace', 'content']);
  });

  it.each([
    'A GPS collar subscription that tracks dog walks and alerts owners when the dog leaves a safe zone',
    'a smart sensor that clips onto beehives and reports the hive weight',
    'Wearable that vibrates when you slouch',
    'A solar phone charger for festival-goers',
    'robot lawn mower rental for small gardens',
    '3D-printed custom insoles shipped in a week',
    'a kit that turns any bike into an e-bike',
    'Bluetooth tag for suitcases so you never lose luggage again',
    'coffee machine for small offices, paid monthly',
    'A smart pill dispenser device for elderly parents',
  ])('reads a device as hardware: %s', (idea) => {
    expect(kind(idea)).toBe('hardware');
  });

  it.each([
    'A marketplace where farmers rent tractors from each other',
    'platform connecting freelance translators with small law firms',
    'An app that matches dog owners with vetted local walkers',
    'peer-to-peer rental of camping gear',
  ])('reads two sides as a marketplace: %s', (idea) => {
    expect(kind(idea)).toBe('marketplace');
  });

  it.each([
    'We clean Airbnb flats between guests in Lisbon',
    'A bookkeeping service for freelance designers',
    'consulting agency that helps clinics move to the cloud',
    'Mobile hairdressers who come to care homes',
    'a van that changes your tyres at the office',
  ])('reads work done for the customer as a service: %s', (idea) => {
    expect(kind(idea)).toBe('service');
  });

  it.each(['An online course teaching nurses Excel', 'a weekly newsletter on EU grants for startups', 'Podcast about farming in Kenya'])(
    'reads something to read, watch or hear as content: %s',
    (idea) => {
      expect(kind(idea)).toBe('content');
    },
  );

  it.each([
    'An app that lets members book and pay for classes in two taps',
    'AI receptionist that answers calls and books patients',
    'expense tracker app for freelancers',
    'a habit tracker that texts you every morning',
    'An app that uses GPS to log your runs',
    'SaaS dashboard for restaurant inventory',
    'An app with video lessons for learning guitar',
  ])('reads everything else as software: %s', (idea) => {
    expect(kind(idea)).toBe('software');
  });
});
