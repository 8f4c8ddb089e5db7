import { useId } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '@/ui/button';
import { START_ORDER_FORM, useStartOrder } from './start-order-provider';

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
      type="submit"
      form={START_ORDER_FORM}
      onClick={(event) => {
        // Once the page is interactive, the order is created here, with its pending state and error toast.
        event.preventDefault();
        start(id);
      }}
    >
      {children}
    </Button>
  );
}
