import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type Request, type Response } from 'express';
import { z } from 'zod';
import { ClientOrder } from '../accounts/shared/client-order.guard.js';
import { ClientSessionGuard, CurrentClient } from '../accounts/shared/client-session.guard.js';
import { exposePosition } from '../infra/http/event-position.js';
import { ReadsProjection } from '../infra/http/reads-projection.js';
import { orderIdSchema } from '../orders/shared/order-id.js';
import { GetContractQuery } from './get-contract.query.js';
import { IssueContractCommand } from './issue-contract.command.js';
import { SignContractCommand } from './sign-contract.command.js';

const signRequest = z.object({
  signerName: z.string().trim().min(2, 'Indiquez vos nom et prénom').max(200),
  accepted: z.literal(true, { error: 'Vous devez accepter le contrat pour le signer' }),
  documentSha256: z.string().regex(/^[0-9a-f]{64}$/, 'Empreinte du document invalide'),
});

/** The electronic contract in the client area: read it, sign it (typed name + acceptance), or have it made. */
@Controller('api')
@UseGuards(ClientSessionGuard)
export class ContractHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('client/orders/:orderId/contract')
  @ClientOrder()
  @ReadsProjection('order-views')
  read(@Param('orderId', { schema: orderIdSchema }) orderId: string) {
    return this.queries.execute(new GetContractQuery(orderId));
  }

  @Post('client/orders/:orderId/contract/sign')
  @HttpCode(200)
  @ClientOrder()
  async sign(
    @Param('orderId', { schema: orderIdSchema }) orderId: string,
    @Body({ schema: signRequest }) body: z.output<typeof signRequest>,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new SignContractCommand(orderId, body.signerName, body.documentSha256, {
        actor: { kind: 'client', id: clientId },
        ...(request.ip ? { ip: request.ip } : {}),
      }),
    );
    return {
      signedAt: outcome.state.contract.signedAt,
      status: outcome.state.status,
      position: exposePosition(response, outcome.position),
    };
  }

  /** Spec §7.1 create-contract: (re)makes the document from the order as it is now. */
  @Post('orders/:orderId/create-contract')
  @HttpCode(200)
  @ClientOrder()
  async create(
    @Param('orderId', { schema: orderIdSchema }) orderId: string,
    @CurrentClient() clientId: string,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { documentSha256, position } = await this.commands.execute(
      new IssueContractCommand(orderId, { actor: { kind: 'client', id: clientId } }),
    );
    return { success: true, documentSha256, position: exposePosition(response, position) };
  }
}
