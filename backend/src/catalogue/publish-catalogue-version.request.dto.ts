import { catalogueChangeSchema } from '@coseso/event-schemas/catalogue/catalogue-events';
import { additionalOptionKeys, domainExtensions, templateKeys } from '@coseso/event-schemas/order/order-keys';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ChoiceField, IntField, TextField } from '../infra/http/request-fields.js';

const MAX_CENTS = 100_000_000;

/** Every kind the event schema knows: the decider, not the request, says which it publishes yet. */
const changeKinds = catalogueChangeSchema.options.map((option) => option.shape.kind.value);

/** One change: its kind, what it changes (a template, an option, an extension…) and the new value. */
export class CatalogueChangeDto {
  @ChoiceField(changeKinds, { description: 'What kind of change' })
  kind!: string;

  @ChoiceField(templateKeys, { optional: true, description: 'The template (templatePrice, templateText)' })
  template?: string;

  @ChoiceField(additionalOptionKeys, { optional: true, description: 'The option (option)' })
  option?: string;

  @ChoiceField(domainExtensions, { optional: true, description: 'The extension (domainPrice)' })
  extension?: string;

  @ChoiceField(['ai', 'professional'], {
    optional: true,
    description: 'The paid logo/content (logoContentPrice)',
  })
  choice?: string;

  @IntField({ min: 0, max: MAX_CENTS, optional: true, description: 'Monthly base HT, cents (templatePrice)' })
  monthlyBaseHT?: number;

  @IntField({ min: 0, max: MAX_CENTS, optional: true, description: 'Set-up fee HT, cents (templatePrice)' })
  launchFeeHT?: number;

  @IntField({ min: 0, max: MAX_CENTS, optional: true, description: 'Price HT, cents' })
  priceHT?: number;

  @TextField({
    maxLength: 200,
    optional: true,
    description: 'Name in the wizard and its recap (templateText)',
  })
  recapLabel?: string;

  @TextField({
    maxLength: 200,
    optional: true,
    description: "Name on the landing page's price cards (templateText)",
  })
  landingLabel?: string;

  @TextField({ maxLength: 200, optional: true, description: 'The name (option)' })
  label?: string;

  @ChoiceField(['once', 'yearly', 'monthly'], {
    optional: true,
    description: 'The rhythm the price is for (option)',
  })
  period?: string;

  @IntField({
    min: 0,
    max: 100,
    optional: true,
    description: 'A percentage (vatRate, depositShare, monthlyMarkup)',
  })
  percent?: number;

  @ApiProperty({
    required: false,
    type: [String],
    description: 'What the hosting includes (hostingIncludes)',
  })
  @ValidateIf((_, value) => value !== undefined)
  @IsArray({ message: 'Ce que comprend l’hébergement doit être une liste de textes' })
  @ArrayMaxSize(20, { message: 'Au plus 20 éléments' })
  @IsString({ each: true, message: 'Chaque élément est un texte' })
  @MaxLength(200, { each: true, message: 'Un élément tient en 200 caractères' })
  items?: string[];

  @ApiProperty({ required: false, type: [String], description: 'The features /pricing lists (templateText)' })
  @ValidateIf((_, value) => value !== undefined)
  @IsArray({ message: 'Les caractéristiques doivent être une liste de textes' })
  @ArrayMaxSize(20, { message: 'Au plus 20 caractéristiques' })
  @IsString({ each: true, message: 'Chaque caractéristique est un texte' })
  @MaxLength(200, { each: true, message: 'Une caractéristique tient en 200 caractères' })
  features?: string[];
}

/** `POST /api/admin/catalogue/versions`: the next version, for a reason, now or from a date. */
export class PublishCatalogueVersionRequestDto {
  @ApiProperty({
    type: [CatalogueChangeDto],
    description: 'The changes, applied in turn to the version in force',
  })
  @IsArray({ message: 'Les changements doivent être une liste' })
  @ArrayMinSize(1, { message: 'Modifiez au moins un prix ou un texte' })
  @ArrayMaxSize(200, { message: 'Au plus 200 changements à la fois' })
  @ValidateNested({ each: true })
  @Type(() => CatalogueChangeDto)
  changes!: CatalogueChangeDto[];

  @TextField({
    maxLength: 2000,
    minLength: 1,
    trim: true,
    minMessage: 'Indiquez la raison du changement',
    requiredMessage: 'Indiquez la raison du changement',
    description: 'Why (kept in the event, shown in the history)',
  })
  reason!: string;

  @TextField({
    maxLength: 40,
    optional: true,
    nullable: true,
    format: 'date-time',
    description: 'When the version starts pricing new drafts (UTC); now when absent',
  })
  effectiveFrom?: string | null;
}
