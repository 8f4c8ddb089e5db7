import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Client accounts by email: the wizard's email check and, later, login look them up here. */
@Entity({ name: 'client_account' })
export class ClientAccountRow {
  @PrimaryColumn('uuid', { name: 'client_id' })
  clientId!: string;

  @Column('text', { unique: true })
  email!: string;

  @Column('text', { name: 'first_name' })
  firstName!: string;

  @Column('text', { name: 'last_name' })
  lastName!: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}
