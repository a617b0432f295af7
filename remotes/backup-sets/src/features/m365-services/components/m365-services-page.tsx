import { useParams } from 'react-router-dom';
import { List, ListItem, ListItemText, Paper } from '@mui/material';
import { NotBuiltYet } from '@portal/ui';

export function M365ServicesPage() {
  const params = useParams();
  return (
    <>
      <NotBuiltYet title="M365 Services" />
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
