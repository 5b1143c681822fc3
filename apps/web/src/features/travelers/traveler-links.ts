import { useNavigate } from 'react-router';

/** Link to a traveller's health declaration: id as route parameter plus the spec's query fields. */
export function declarationPath(t: { id: string; fullName: string; passportNo: string }): string {
  const query = new URLSearchParams({ travelerId: t.id, fullName: t.fullName, passportNo: t.passportNo });
  return `/health-declaration/${encodeURIComponent(t.id)}?${query.toString()}`;
}

/** Closes the open modal, then opens the traveller's health declaration. */
export function useGoToDeclaration(onClose: () => void) {
  const navigate = useNavigate();
  return (traveler: Parameters<typeof declarationPath>[0]) => {
    onClose();
    void navigate(declarationPath(traveler));
  };
}
