/**
 * Health declarations on the device. One declaration per traveller: its id is the traveller's id,
 * so a new submission for a declared traveller is an update (and two devices declaring the same
 * traveller meet as a version conflict on the server). Writes go through the outbox, so a
 * declaration made offline is kept and reaches the server when the sync engine pushes.
 */
import type { DeclarationForm, LocalDeclaration, RiskAssessment, SystemMode } from '@bh/shared';
import { computeRiskScore } from '@bh/shared';
import { writeRecord } from '../sync/outbox.ts';
import { db as defaultDb, live, type PWADatabase } from './database.ts';
import { openRecord } from './sealing.ts';

export type { LocalDeclaration } from '@bh/shared';

/** The live declaration of a traveller, or null. */
export async function getDeclaration(
  travelerId: string,
  database: PWADatabase = defaultDb,
): Promise<LocalDeclaration | null> {
  const found = live(await database.declarations.get(travelerId));
  return found && openRecord(database, 'healthDeclarations', found);
}

export interface SubmitResult {
  declaration: LocalDeclaration;
  risk: RiskAssessment;
  created: boolean;
}

/**
 * Saves a validated form as the traveller's declaration (create, or update when one exists) and
 * shows a pending traveller as declared. The risk is computed here for the result message and
 * kept on the record until the server's own assessment is pulled. The declaration's write is the
 * outbox's own transaction (it seals before it, decision 016: WebCrypto awaited inside a caller's
 * transaction would let that commit early); the traveller's shown status follows in a second one.
 */
export async function submitDeclaration(
  form: DeclarationForm,
  systemMode: SystemMode,
  database: PWADatabase = defaultDb,
): Promise<SubmitResult> {
  const risk = computeRiskScore(form);
  const id = form.travelerId;
  const fields = {
    ...form,
    id,
    systemMode,
    riskScore: risk.score,
    riskLevel: risk.level,
    riskFactors: risk.factors,
    ruleVersion: risk.ruleVersion,
  };
  const created = !(await database.declarations.get(id));
  const saved = await writeRecord('healthDeclarations', created ? 'create' : 'update', fields, database);
  // The server moves a pending traveller to declared when it stores the declaration (and never
  // moves any other status); until its copy is pulled, show it here already. No outbox row: the
  // status is the server's (packages/shared domain/lifecycle.ts). Only the status is touched, so
  // the traveller's envelope stays as it is.
  await database.transaction('rw', database.travelers, async () => {
    const traveler = await database.travelers.get(id);
    if (traveler && !traveler.deletedAt && traveler.status === 'pending') {
      await database.travelers.update(id, { status: 'declared' });
    }
  });
  return { declaration: saved, risk, created };
}
