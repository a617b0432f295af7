import { List, ListItem, ListItemText, Paper } from '@mui/material';
import { NotBuiltYet } from '@portal/ui';
import { useParams } from 'react-router-dom';

/** Placeholder for a parameterised route until its page is built: the title and the route's
 * parameters, so links from other pages can already be followed and checked. */
export function ParameterisedPlaceholder({ title }: { title: string }) {
  const params = useParams();
  return (
    <>
      <NotBuiltYet title={title} />
      <Paper variant="outlined" sx={{ mt: 2 }}>
        <List dense aria-label="Route parameters">
          {Object.entries(params).map(([name, value]) => (
            <ListItem key={name}>
              <ListItemText primary={name} secondary={value} />
            </ListItem>
          ))}
        </List>
      </Paper>
    </>
  );
}
