import { describe, expect, it } from 'vitest';
import { validDeclarationForm, validTraveler, validTravelerInput } from '../testing/fixtures.ts';
import { pickWritableFields, validateMutationData } from './mutation-data.ts';

describe('validateMutationData', () => {
  it('checks traveller data with the traveller input schema', () => {
    expect(validateMutationData('travelers', 'create', validTravelerInput)).toMatchObject({ ok: true });
    expect(
      validateMutationData('travelers', 'update', { ...validTravelerInput, passportNo: '12345678' }),
    ).toEqual({
      ok: false,
      errors: [{ field: 'passportNo', code: 'traveler.errors.passportVnFormat' }],
    });
  });

  it('checks declaration data, which needs the system mode', () => {
    expect(
      validateMutationData('healthDeclarations', 'create', {
        ...validDeclarationForm,
        systemMode: 'pandemic',
      }),
    ).toMatchObject({
      ok: true,
    });
    expect(validateMutationData('healthDeclarations', 'create', validDeclarationForm)).toEqual({
      ok: false,
      errors: [{ field: 'systemMode', code: 'validation.required' }],
    });
  });

  it('delete carries no data; create and update need it', () => {
    expect(validateMutationData('travelers', 'delete', null)).toEqual({ ok: true, data: null });
    expect(validateMutationData('travelers', 'delete', {})).toMatchObject({ ok: false });
    expect(validateMutationData('travelers', 'update', null)).toEqual({
      ok: false,
      errors: [{ field: 'data', code: 'sync.validation.dataRequired' }],
    });
  });

  it('allows only updates of users and the system status', () => {
    expect(validateMutationData('users', 'update', { disabled: true })).toMatchObject({ ok: true });
    expect(validateMutationData('users', 'create', { name: 'Lan' })).toMatchObject({
      errors: [{ code: 'sync.validation.opNotAllowed' }],
    });
    expect(validateMutationData('systemStatus', 'update', { mode: 'normal' })).toMatchObject({ ok: true });
    expect(validateMutationData('systemStatus', 'update', { mode: 'normal', activeUsers: 1 })).toMatchObject({
      ok: false,
      errors: [{ field: 'activeUsers', code: 'validation.unknown_field' }],
    });
  });
});

describe('pickWritableFields', () => {
  it('drops record and local fields', () => {
    const local = { ...validTraveler, syncStatus: 'pending', lastModified: 1 };
    const data = pickWritableFields('travelers', local);
    expect(data).toEqual(validTravelerInput);
    expect(validateMutationData('travelers', 'update', data)).toMatchObject({ ok: true });
  });

  it('keeps only the fields the record has', () => {
    expect(pickWritableFields('systemStatus', { id: 'current', mode: 'normal', activeUsers: 5 })).toEqual({
      mode: 'normal',
    });
  });
});
