import { useId } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '@/ui/button';
import { useStartOrder } from './start-order-provider';

export function StartOrderButton({
  children,
  variant = 'primary',
  size = 'lg',
  className,
}: {
  children: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const id = useId();
  const { pendingButton, start } = useStartOrder();
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      pending={pendingButton === id}
      pendingLabel="Préparation..."
      disabled={pendingButton !== null}
      onClick={() => start(id)}
    >
      {children}
    </Button>
  );
}
