import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import type { DeviceState } from '../../../shared/flows/device-flow';
import { Countdown } from '../../components/Countdown';

/**
 * What the user needs at the other device (RFC 8628 §3.3): the verification URI and the user code, large, and the
 * URI with the code in it as a QR code to scan (§3.3.1). Server-controlled text, rendered as text; the QR code is
 * an image built here from it.
 */
export function DeviceCodes({ device, now }: { device: NonNullable<DeviceState['device']>; now: () => number }) {
  const scan = device.verificationUriComplete ?? device.verificationUri;
  const qr = useMemo(() => `data:image/svg+xml,${encodeURIComponent(renderSVG(scan, { pixelSize: 4 }))}`, [scan]);
  return (
    <div className="device-codes" aria-label="For the user">
      <div>
        <p className="muted">On another device, open</p>
        <p className="device-uri">
          {/* A link only to a web page: the server chose this URI (a javascript: one would run here). */}
          {/^https?:\/\//i.test(device.verificationUri) ? (
            <a href={device.verificationUri} target="_blank" rel="noreferrer">
              {device.verificationUri}
            </a>
          ) : (
            <code>{device.verificationUri}</code>
          )}
        </p>
        <p className="muted">and enter the code</p>
        <p className="device-user-code" aria-label="User code">
          {device.userCode}
        </p>
        <p className="muted">
          The code <Countdown until={device.expiresAt} now={now} lead="expires in" />.
        </p>
      </div>
      <figure>
        <img src={qr} alt={`QR code for ${scan}`} width={164} height={164} />
        <figcaption className="muted">
          Scan to open {device.verificationUriComplete ? 'with the code filled in' : 'the page'}
        </figcaption>
      </figure>
    </div>
  );
}
