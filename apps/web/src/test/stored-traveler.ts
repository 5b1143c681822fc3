/**
 * A traveller's record as a device stores it, for the sync centre's tests: a pending Vietnamese
 * entry of 1 March 2026, with the name, passport and sync fields each test gives.
 */
export const storedTraveler = <T extends object>(
  id: string,
  fullName: string,
  passportNo: string,
  over: T,
) => ({
  id,
  fullName,
  passportNo,
  nationality: 'VN',
  entryDate: '2026-03-01',
  status: 'pending',
  ...over,
});
