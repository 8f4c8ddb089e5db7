import { type ProjectorStatus } from '@coseso/projections/projection-status';
import { Query } from '@nestjs/cqrs';

/** Each projector's checkpoint, lag and state, for the operators' page and its banner. */
export class GetProjectionStatusQuery extends Query<ProjectorStatus[]> {}
