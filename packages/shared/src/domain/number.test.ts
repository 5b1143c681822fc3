import { describe, expect, it } from 'vitest';
import { decimalInput, parseDecimal } from './number.ts';

describe('parseDecimal', () => {
  it.each([
    ['37,8', 37.8],
    ['37.8', 37.8],
    [' 38,9 ', 38.9],
    ['37', 37],
    ['37,', 37],
    [',5', 0.5],
    ['.5', 0.5],
    ['-1,25', -1.25],
    ['+2.5', 2.5],
    ['\u22122,5', -2.5],
    ['３７．８', 37.8],
    ['３７，８', 37.8],
    ['0', 0],
  ])('reads %j as %d', (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  it.each([
    [''],
    ['   '],
    ['abc'],
    ['37,8,1'],
    ['37.8.1'],
    ['1,234.5'],
    ['1 234'],
    ['37°'],
    ['1e3'],
    ['0x10'],
    [','],
    ['-'],
    ['Infinity'],
  ])('refuses %j', (text) => {
    expect(parseDecimal(text)).toBeNull();
  });
});

describe('decimalInput', () => {
  it('gives undefined for blank, the number when it reads, the text otherwise', () => {
    expect(decimalInput('')).toBeUndefined();
    expect(decimalInput('  ')).toBeUndefined();
    expect(decimalInput('37,8')).toBe(37.8);
    expect(decimalInput('abc')).toBe('abc');
    expect(decimalInput(36.6)).toBe(36.6);
    expect(decimalInput(undefined)).toBeUndefined();
  });
});
