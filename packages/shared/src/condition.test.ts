import { describe, expect, it } from 'vitest';
import { updateProductSchema } from './admin-products.js';
import { CONDITION_DEFINITIONS, CONDITION_GRADES, CONDITION_LABELS, isConditionGrade } from './condition-grades.js';
import {
  batteryHealthField,
  conditionField,
  conditionSchema,
  requestConditionSchema,
  requiredConditionField,
  warrantyDaysField,
} from './condition.js';
import { sellFormSchema, sellSubmissionSchema } from './seller-requests.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('condition grades', () => {
  it('are the four grades, best first, each with a label and a one-line definition', () => {
    expect(CONDITION_GRADES).toEqual(['like_new', 'good', 'fair', 'for_parts']);
    expect(CONDITION_GRADES.map((g) => CONDITION_LABELS[g])).toEqual(['Like new', 'Good', 'Fair', 'For parts']);
    expect(CONDITION_DEFINITIONS).toEqual({
      like_new: 'No marks or wear; works perfectly, like it just came out of the box.',
      good: 'Light signs of use such as small scratches; everything works.',
      fair: 'Clear signs of use such as scratches or dents; everything works.',
      for_parts: 'Does not fully work; for repair or spare parts.',
    });
    for (const definition of Object.values(CONDITION_DEFINITIONS)) expect(definition).not.toMatch(/\n/);
  });

  it('the schema takes exactly the four keys and names them when refusing', () => {
    for (const grade of CONDITION_GRADES) expect(conditionSchema.parse(grade)).toBe(grade);
    for (const bad of ['Like new', 'LIKE_NEW', 'new', '', ' good', null, 1, undefined]) {
      expect(messageOf(conditionSchema.safeParse(bad)), String(bad)).toBe(
        'condition must be one of like_new, good, fair, for_parts',
      );
    }
    expect(isConditionGrade('fair')).toBe(true);
    expect(isConditionGrade('excellent')).toBe(false);
    expect(isConditionGrade(null)).toBe(false);
  });

  it('is optional at the API: missing, empty or null is not graded', () => {
    expect(conditionField.parse(undefined)).toBeNull();
    expect(conditionField.parse('')).toBeNull();
    expect(conditionField.parse('   ')).toBeNull();
    expect(conditionField.parse(null)).toBeNull();
    expect(conditionField.parse('for_parts')).toBe('for_parts');
    expect(messageOf(conditionField.safeParse('mint'))).toBe(
      'condition must be one of like_new, good, fair, for_parts',
    );
  });

  it('is required in the forms, with a message a person understands', () => {
    for (const nothing of [undefined, '', null])
      expect(messageOf(requiredConditionField.safeParse(nothing))).toBe("Choose the item's condition");
    expect(messageOf(requiredConditionField.safeParse('mint'))).toBe(
      'condition must be one of like_new, good, fair, for_parts',
    );
    expect(requiredConditionField.parse('good')).toBe('good');
  });

  it('the sell form asks for it; the submission route does not', () => {
    const submission = {
      item_name: 'Tecno Spark 10',
      description: 'Works well',
      price: '95000',
      seller_name: 'Thoko Phiri',
      phone: '0888 123 456',
      email: 'thoko@example.mw',
      location: 'Mzuzu',
    };
    expect(sellSubmissionSchema.parse(submission).condition).toBeNull();
    const form = sellFormSchema.safeParse(submission);
    expect(form.success).toBe(false);
    expect(form.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['condition', "Choose the item's condition"],
    ]);
    expect(sellFormSchema.parse({ ...submission, condition: 'fair' }).condition).toBe('fair');
  });

  it('staff setting a request: null or empty clears, a missing grade is refused', () => {
    expect(requestConditionSchema.parse({ condition: 'good' })).toEqual({ condition: 'good' });
    expect(requestConditionSchema.parse({ condition: null })).toEqual({ condition: null });
    expect(requestConditionSchema.parse({ condition: '' })).toEqual({ condition: null });
    expect(messageOf(requestConditionSchema.safeParse({}))).toBe(
      'condition must be one of like_new, good, fair, for_parts',
    );
  });
});

describe('warranty and battery health', () => {
  it('take JSON numbers and digit strings alike; blank is not stated', () => {
    expect(warrantyDaysField.parse(30)).toBe(30);
    expect(warrantyDaysField.parse('30')).toBe(30);
    expect(warrantyDaysField.parse(' 180 ')).toBe(180);
    expect(warrantyDaysField.parse('0')).toBe(0);
    expect(warrantyDaysField.parse('')).toBeNull();
    expect(warrantyDaysField.parse(null)).toBeNull();
    expect(warrantyDaysField.parse(undefined)).toBeNull();
    expect(batteryHealthField.parse(87)).toBe(87);
    expect(batteryHealthField.parse('100')).toBe(100);
  });

  it('refuse anything but whole numbers in range, with one message each', () => {
    const warranty = 'Warranty must be a whole number of days from 0 to 3650';
    for (const bad of [
      -1,
      3651,
      12.5,
      '12.5',
      '-3',
      '1e3',
      'a month',
      '9999999999',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      [30],
    ]) {
      expect(messageOf(warrantyDaysField.safeParse(bad)), String(bad)).toBe(warranty);
    }
    const battery = 'Battery health must be a whole percent from 1 to 100';
    for (const bad of [0, 101, '0', '87%', 99.5, 'good'])
      expect(messageOf(batteryHealthField.safeParse(bad)), String(bad)).toBe(battery);
  });

  it('editing a product: a field left out stays undefined (kept), an empty one is null (cleared)', () => {
    const base = {
      name: 'Tecno',
      category_id: '1',
      shop_id: '1',
      location: 'Mzuzu',
      price: '95000',
      description: 'Works',
    };
    const kept = updateProductSchema.parse(base);
    for (const field of ['condition', 'warranty_days', 'battery_health']) expect(kept).not.toHaveProperty(field);
    expect(updateProductSchema.parse({ ...base, condition: '', warranty_days: '', battery_health: '' })).toMatchObject({
      condition: null,
      warranty_days: null,
      battery_health: null,
    });
    expect(
      updateProductSchema.parse({ ...base, condition: 'good', warranty_days: '90', battery_health: 88 }),
    ).toMatchObject({ condition: 'good', warranty_days: 90, battery_health: 88 });
  });
});
