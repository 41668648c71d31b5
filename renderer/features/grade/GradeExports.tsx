import { ReportExports } from '../../components/ReportExports';
import { useGrade } from '../../state/grade/grade-store';

const FORMATS = [
  ['html', 'Export report (HTML)'],
  ['junit', 'Export JUnit XML'],
] as const;

/** The grade as `oauth-lab grade --report` (HTML, secrets fingerprinted) and `--junit` write it, saved as the app saves. */
export function GradeExports() {
  const exportRequested = useGrade((s) => s.exportRequested);
  const any = useGrade((s) => s.status.scenarios.length > 0);
  return <ReportExports formats={FORMATS} exportRequested={exportRequested} disabled={!any} className="head-actions" />;
}
