// The traveller the sync benches write: the browser bench queues it offline
// (bench/browser/sync-bench-entry.ts) and scripts/bench-apply.mjs applies it on the server, so
// both time the same records. Passports are `${prefix}` + seven digits.
export const benchTraveler = (i, prefix, nationality) => ({
  fullName: `Nguyễn Văn Bench ${i}`,
  passportNo: `${prefix}${String(i).padStart(7, '0').slice(-7)}`,
  nationality,
  entryDate: '2026-11-20',
  status: 'pending',
  gender: i % 2 ? 'male' : 'female',
  flightNo: 'VN123',
  origin: 'NRT',
  destination: 'HAN',
  note: 'benchmark traveller with a note of moderate length',
});
