import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

export interface NotBuiltYetProps {
  title: string;
}

/** Placeholder for a route whose page has not been written yet. */
export function NotBuiltYet({ title }: NotBuiltYetProps) {
  return (
    <Card component="section" aria-labelledby="not-built-yet-title">
      <CardContent>
        <Typography id="not-built-yet-title" variant="h2" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography>This page is not built yet.</Typography>
        <Typography color="text.secondary">It arrives in a later release.</Typography>
      </CardContent>
    </Card>
  );
}
