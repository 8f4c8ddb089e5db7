import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, position, schema } from '../infra/http/api-schemas.js';
import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type Request, type Response } from 'express';
import { ClientOrder } from '../accounts/shared/client-order.guard.js';
import { ClientSessionGuard, CurrentClient } from '../accounts/shared/client-session.guard.js';
import { exposePosition } from '../infra/http/event-position.js';
import { ReadsProjection } from '../infra/http/reads-projection.js';
import { OrderIdParams } from '../orders/shared/order-id.js';
import { SignContractRequestDto } from './contract.request.dto.js';
import { GetContractQuery } from './get-contract.query.js';
import { IssueContractCommand } from './issue-contract.command.js';
import { SignContractCommand } from './sign-contract.command.js';

/** The electronic contract in the client area: read it, sign it (typed name + acceptance), or have it made. */
@ApiTags('Client area')
@Controller('api')
@UseGuards(ClientSessionGuard)
export class ContractHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @ApiAnswer(
    schema.object({
      html: schema.string('The document, rendered by the server'),
      documentSha256: schema.string(),
      issuedAt: schema.nullable(schema.dateTime()),
      signed: schema.boolean(),
      signedAt: schema.nullable(schema.dateTime()),
      signerName: schema.nullable(schema.string()),
    }),
  )
  @Get('client/orders/:orderId/contract')
  @ClientOrder()
  @ReadsProjection('order-views')
  read(@Param() { orderId }: OrderIdParams) {
    return this.queries.execute(new GetContractQuery(orderId));
  }

  @ApiAnswer(
    schema.object({ signedAt: schema.nullable(schema.dateTime()), status: schema.string(), position }),
  )
  @Post('client/orders/:orderId/contract/sign')
  @HttpCode(200)
  @ClientOrder()
  async sign(
    @Param() { orderId }: OrderIdParams,
    @Body() body: SignContractRequestDto,
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
  @ApiAnswer(schema.object({ success: schema.boolean(), documentSha256: schema.string(), position }))
  @Post('orders/:orderId/create-contract')
  @HttpCode(200)
  @ClientOrder()
  async create(
    @Param() { orderId }: OrderIdParams,
    @CurrentClient() clientId: string,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { documentSha256, position } = await this.commands.execute(
      new IssueContractCommand(orderId, { actor: { kind: 'client', id: clientId } }),
    );
    return { success: true, documentSha256, position: exposePosition(response, position) };
  }
}
