/**
 * The three sample travellers of the product description (statuses pending, declared, tested) as demo data on the
 * server. They are written once, on an empty travelers table, through applyMutations so they
 * get versions and change_seq and reach every device by sync like any other record. Fixed ids
 * make a second seeding (two servers starting at once) a harmless conflict, never a duplicate.
 * Their statuses come from the lifecycle like any traveller's: a declaration makes the second and
 * third declared, a status change moves the third to tested.
 */
import { type Mutation, NO_CONTACT_HISTORY, NO_SYMPTOMS, type TravelerInput } from '@bh/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { travelers, users } from '../../db/schema.ts';
import { applyMutations } from '../../write-path/apply.ts';
import { NATIONAL_SCOPE } from '../posts/scope.ts';
import { listPosts } from '../posts/store.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

function demoTravelers(): { id: string; data: TravelerInput }[] {
  return [
    {
      id: '6f1c2a3e-0001-4a4b-9c1d-0a1b2c3d4e01',
      data: {
        fullName: 'Nguyễn Văn An',
        passportNo: 'B1234567',
        nationality: 'VN',
        entryDate: daysAgo(0),
        flightNo: 'VN123',
        origin: 'NRT',
        destination: 'HAN',
        gender: 'male',
        birthDate: '1985-03-15',
        note: null,
        status: 'pending',
        purposeOfVisit: 'family',
      },
    },
    {
      id: '6f1c2a3e-0002-4a4b-9c1d-0a1b2c3d4e02',
      data: {
        fullName: 'John Smith',
        passportNo: 'US9876543',
        nationality: 'US',
        entryDate: daysAgo(1),
        flightNo: 'QR123',
        origin: 'DOH',
        destination: 'SGN',
        gender: 'male',
        birthDate: null,
        note: 'Business trip',
        status: 'declared',
        purposeOfVisit: 'business',
      },
    },
    {
      id: '6f1c2a3e-0003-4a4b-9c1d-0a1b2c3d4e03',
      data: {
        fullName: 'Tanaka Yuki',
        passportNo: 'TK5551234',
        nationality: 'JP',
        entryDate: daysAgo(2),
        flightNo: 'VN456',
        origin: 'NRT',
        destination: 'DAD',
        gender: 'female',
        birthDate: '1992-07-08',
        note: null,
        status: 'tested',
        purposeOfVisit: 'tourism',
      },
    },
  ];
}

const DEMO_TEST_EVENT_ID = '6f1c2a3e-0013-4a4b-9c1d-0a1b2c3d4e13';

/** A plain declaration (no symptoms, fully vaccinated) of a demo traveller. */
function demoDeclaration(travelerId: string, t: TravelerInput) {
  return {
    travelerId,
    fullName: t.fullName,
    passportNumber: t.passportNo,
    phone: '0912345678',
    email: null,
    bodyTemperature: 36.6,
    vaccinationStatus: 'full',
    symptoms: NO_SYMPTOMS,
    contactHistory: NO_CONTACT_HISTORY,
    riskZones: [],
    commitment: true,
    systemMode: 'pandemic',
  };
}

/** Seeds the sample travellers when the travelers table is empty (tombstones count as rows). */
export async function seedDemoTravelers(database: Database) {
  const { db } = database;
  const any = await db.select({ id: travelers.id }).from(travelers).limit(1);
  if (any.length > 0) return;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  const adminId = admin?.id;
  // The sample travellers arrive at the demo's first post (HAN: the inspector's).
  const post = (await listPosts(db)).find((p) => p.closedAt === null);
  if (!adminId || !post) return;
  const list = demoTravelers();
  const mutations: Mutation[] = list.map((t, i) => ({
    seq: i + 1,
    table: 'travelers',
    op: 'create',
    id: t.id,
    baseVersion: null,
    data: { ...t.data, entryPostId: post.id },
  }));
  const [, declared, tested] = list;
  for (const t of [declared, tested]) {
    if (!t) continue;
    mutations.push({
      seq: mutations.length + 1,
      table: 'healthDeclarations',
      op: 'create',
      id: t.id,
      baseVersion: null,
      data: demoDeclaration(t.id, t.data),
    });
  }
  if (tested) {
    mutations.push({
      seq: mutations.length + 1,
      table: 'travelerEvents',
      op: 'create',
      id: DEMO_TEST_EVENT_ID,
      baseVersion: null,
      data: {
        travelerId: tested.id,
        kind: 'status_changed',
        occurredAt: new Date().toISOString(),
        toStatus: 'tested',
      },
    });
  }
  await applyMutations(
    database,
    {
      user: { id: adminId, role: 'admin', sessionId: 'seed', scope: { ...NATIONAL_SCOPE, postId: post.id } },
      ip: null,
      clientId: null,
    },
    mutations,
  );
}
