import type { AfterSaleRules } from '@marketplace/shared';
import { useI18n } from '../../i18n/context';
import { useAfterSaleRules } from '../../lib/after-sale';

/**
 * A rule stating one of the server's after-sale numbers as its {days} (RETURNS_WINDOW, SHOP_WARRANTY): shown once
 * the number is known, so the terms and the FAQ never state another than the API applies.
 */
export function RuleText({ text, days }: { text: string; days: keyof AfterSaleRules }) {
  const i18n = useI18n();
  const rules = useAfterSaleRules();
  return <p>{rules ? i18n._(text, { days: rules[days] }) : null}</p>;
}
