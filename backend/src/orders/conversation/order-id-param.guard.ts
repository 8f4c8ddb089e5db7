import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { type Request } from 'express';
import { validationFailed } from '../../infra/http/validation.js';
import { OrderIdParams } from '../shared/order-id.js';

/**
 * The route's `:orderId` checked before its body is read: a multipart route reads its body in an
 * interceptor, which runs before the validation pipe would answer the 400 of a malformed id.
 */
@Injectable()
export class OrderIdParamGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const errors = await validate(plainToInstance(OrderIdParams, { orderId: request.params['orderId'] }));
    if (errors.length > 0) throw validationFailed(errors);
    return true;
  }
}
