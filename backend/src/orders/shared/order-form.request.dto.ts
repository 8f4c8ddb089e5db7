import { type OrderForm } from '@coseso/domain/orders/order-form';
import { type RuleMode, hostingFieldRules, orderFieldRules } from '@coseso/domain/orders/order-field-rules';
import { additionalOptionKeys, freeOptionKeys } from '@coseso/event-schemas/order/order-values';
import { type Type as ClassType } from '@nestjs/common';
import {
  BooleanField,
  FollowsRule,
  IntField,
  NestedField,
  TextField,
} from '../../infra/http/request-fields.js';

/** A DTO class named `name` whose properties are checked by the given decorators. */
function dtoClass(name: string, fields: Record<string, PropertyDecorator>): ClassType {
  const dto = { [name]: class {} }[name]!;
  for (const [property, decorator] of Object.entries(fields)) decorator(dto.prototype, property);
  return dto;
}

const flags = (name: string, keys: readonly string[]) =>
  dtoClass(name, Object.fromEntries(keys.map((key) => [key, BooleanField({ optional: true })])));

const AdditionalOptionsDto = flags('AdditionalOptions', additionalOptionKeys);
const FreeOptionsDto = flags('FreeOptions', freeOptionKeys);

class SelectedDomainDto {
  @TextField({ maxLength: 253, description: 'The domain name, e.g. boulangerie-martin.fr' })
  domain!: string;

  @IntField({ min: 0, max: 100_000_000, description: 'Yearly price excluding VAT (HT), in cents' })
  price!: number;
}

/**
 * The wizard's form as a DTO class: each field checked by its rule in the domain's rule table
 * (`mode` says whether the required fields and formats apply), the option groups flag by flag.
 */
export function orderFormDto(name: string, mode: RuleMode): ClassType<OrderForm> {
  const hostingOptions = dtoClass(`${name}HostingOptions`, {
    ...Object.fromEntries(
      Object.keys(hostingFieldRules).map((field) => [
        field,
        FollowsRule(field as keyof typeof hostingFieldRules, mode),
      ]),
    ),
    maintenanceMonthly: BooleanField({ optional: true }),
    customEmails: BooleanField({ optional: true }),
    backupMonthly: BooleanField({ optional: true }),
    accountManager: BooleanField({ optional: true }),
  });
  return dtoClass(name, {
    ...Object.fromEntries(
      Object.keys(orderFieldRules).map((field) => [
        field,
        FollowsRule(field as keyof typeof orderFieldRules, mode),
      ]),
    ),
    selectedDomain: NestedField(() => SelectedDomainDto, { optional: true, nullable: true }),
    additionalOptions: NestedField(() => AdditionalOptionsDto, { optional: true }),
    hostingOptions: NestedField(() => hostingOptions, { optional: true }),
    freeOptions: NestedField(() => FreeOptionsDto, { optional: true }),
    termsAccepted: BooleanField({ optional: true }),
    marketingConsent: BooleanField({ optional: true }),
  }) as ClassType<OrderForm>;
}
