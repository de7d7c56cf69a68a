import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useHelp, type HelpInfo } from '@/api/help/get-help';
import { EmailText } from '../EmailText';
import { FieldList } from '../FieldList';
import { contactLines, HELP_TEXT, socialLines, type HelpLine } from './help-lines';

/** A finger-sized link, its text wrapping where it must (a long address; a web address after its dots). */
const LINK_SX = { display: 'inline-block', py: 0.75, overflowWrap: 'anywhere' } as const;

function LineLink({ line }: { line: HelpLine }) {
  return (
    <Link
      href={line.href}
      {...(line.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      // The address keeps its line breaks.
      sx={{ ...LINK_SX, whiteSpace: line.key === 'address' ? 'pre-line' : undefined }}
      data-testid={`help-${line.key}`}
    >
      {line.key === 'website' ? <EmailText email={line.text} /> : line.text}
    </Link>
  );
}

/**
 * The practice's help (spec part 2, 'Help'): the 'HelpDesk' link, 'Contact Us' (main, support US
 * and support international phones as tap-to-call links, the website, the address opening maps)
 * and "We're Social" (the social links). A line the practice has not set is not shown, nor a
 * part with no line. `level` is the parts' heading level (h2 on a page, h3 inside a dialog).
 */
export function HelpContacts({ help, level = 'h2' }: { help: HelpInfo; level?: 'h2' | 'h3' }) {
  const contact = contactLines(help);
  const social = socialLines(help);
  const helpDesk = help.helpDeskUrl.trim();
  return (
    <Stack spacing={2} data-testid="help-contacts">
      {helpDesk && (
        <Box>
          <Button variant="outlined" href={helpDesk} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNew aria-hidden />} data-testid="help-desk">
            {HELP_TEXT.helpDesk}
          </Button>
        </Box>
      )}
      {contact.length > 0 && (
        <Box component="section" aria-labelledby={`help-contact-${level}`}>
          <Typography id={`help-contact-${level}`} variant="h6" component={level}>
            {HELP_TEXT.contactUs}
          </Typography>
          <FieldList label={HELP_TEXT.contactUs} rows={contact.map((line) => ({ label: line.label, value: <LineLink line={line} /> }))} />
        </Box>
      )}
      {social.length > 0 && (
        <Box component="section" aria-labelledby={`help-social-${level}`}>
          <Typography id={`help-social-${level}`} variant="h6" component={level}>
            {HELP_TEXT.social}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
            {social.map((line) => (
              <li key={line.key}>
                <LineLink line={line} />
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}

/** Help being loaded: its parts once in, what went wrong (with Retry), or a spinner. */
export function HelpContactsState({ help, error, onRetry, level = 'h2' }: { help: HelpInfo | null | undefined; error: boolean; onRetry: () => void; level?: 'h2' | 'h3' }) {
  if (help) return <HelpContacts help={help} level={level} />;
  if (error) {
    return (
      <Alert severity="error" role="alert" action={<Button onClick={onRetry}>Retry</Button>}>
        The contact details could not be loaded. Please try again.
      </Alert>
    );
  }
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <CircularProgress aria-label="Loading the contact details" size={28} />
    </Box>
  );
}

/** The help loaded from the server (GET /api/help, public): its parts, a spinner, or what went wrong. */
export function LoadedHelpContacts({ level }: { level?: 'h2' | 'h3' }) {
  const help = useHelp();
  return <HelpContactsState help={help.data} error={!!help.error} onRetry={() => void help.refetch()} level={level ?? 'h2'} />;
}
