import Typography from '@mui/material/Typography';
import { useT } from '@portal/ui';

/** Spec section 8: a menu entry of an unknown type shows this instead of breaking the menu. */
export function MenuItemsError({ as = 'li' }: { as?: 'li' | 'div' }) {
  const t = useT();
  return (
    <Typography component={as} role="alert" variant="h6" color="error" align="center" sx={{ listStyle: 'none', py: 1 }}>
      {t('menu.itemsError')}
    </Typography>
  );
}
