import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsOptional, IsUUID } from 'class-validator';
import { EmailField, TextField } from '../../infra/http/request-fields.js';

/** `POST /api/admin/orders/:orderId/contact-email`: the right address, and why it changes. */
export class CorrectContactEmailRequestDto {
  @EmailField({ description: 'The new contact address (the mailer’s rule, lower-cased when kept)' })
  email!: string;

  @TextField({
    maxLength: 1000,
    minLength: 1,
    trim: true,
    minMessage: 'Le motif de la correction est requis',
    requiredMessage: 'Le motif de la correction est requis',
    description:
      'Why the address changes (e.g. « faute de frappe, confirmée par téléphone »); kept in the log',
  })
  reason!: string;

  @ApiProperty({
    required: false,
    type: [String],
    format: 'uuid',
    description:
      'The emails already sent to send again to the new address, by the event each told (GET …/sent-emails); none when absent',
  })
  @IsOptional()
  @IsArray({ message: 'Les emails à renvoyer doivent être une liste' })
  @ArrayMaxSize(100, { message: 'Au plus 100 emails à renvoyer' })
  @ArrayUnique({ message: 'Un email à renvoyer est choisi deux fois' })
  @IsUUID('all', { each: true, message: 'Chaque email à renvoyer est désigné par son identifiant' })
  resend?: string[];
}
