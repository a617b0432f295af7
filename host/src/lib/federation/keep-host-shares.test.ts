import { keepHostShares } from './keep-host-shares';

test("entries a remote loaded first are handed back to the host before the remote is switched; others are left alone", () => {
  const kit = { from: 'support', loaded: true, useIn: ['support'] };
  const form = { from: 'backup_sets', loaded: true, useIn: ['backup_sets'] };
  const react = { from: 'host', loaded: true, useIn: ['host', 'support'] };
  // One map per federation instance, pointing at the same entries (as the runtime keeps them).
  const scope = { default: { '@portal/ui/kit': { '0.1.0': kit }, '@portal/ui/form': { '0.1.0': form }, react: { '19.3.1': react } } };
  const share = { 'host:0.1.0': scope, 'support:0.1.0': scope };
  expect(keepHostShares('support', 'host', share)).toBe(1);
  expect([kit.from, form.from, react.from]).toEqual(['host', 'backup_sets', 'host']);
  expect(keepHostShares('support', 'host', share)).toBe(0);
});

test('no share scope yet: nothing to do', () => {
  expect(keepHostShares('support', 'host', undefined)).toBe(0);
});
