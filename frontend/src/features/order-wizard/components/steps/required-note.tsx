export function RequiredNote() {
  return (
    <p className="text-sm text-slate-500">
      Les champs marqués d'un{' '}
      <span aria-hidden="true" className="text-red-600">
        *
      </span>
      <span className="sr-only">astérisque</span> sont obligatoires.
    </p>
  );
}
