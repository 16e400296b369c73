/** Reports by mail as MTAs and feedback loops send them, after the examples in RFC 3464 and RFC 5965. */

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

type DsnFields = {
  /** Where the DSN goes: the message's return path. */
  to: string;
  recipient: string;
  action?: string;
  status: string;
  diagnostic?: string;
  /** Headers of the returned message (RFC 3464 lets the MTA include them). */
  originalHeaders?: string;
};

/** A DSN: multipart/report; report-type=delivery-status (RFC 3464, appendix example). */
export function dsnMessage(fields: DsnFields): string {
  const diagnostic =
    fields.diagnostic ??
    `smtp; ${fields.status.startsWith('5') ? '550 5.1.1 User unknown' : '426 connection timed out'}`;
  return crlf(`Date: Thu, 7 Jul 1994 17:16:05 -0400
From: Mail Delivery Subsystem <MAILER-DAEMON@mx.reader.example>
Message-Id: <199407072116.RAA14128@mx.reader.example>
Subject: Returned mail: Cannot send message
To: <${fields.to}>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
              boundary="RAA14128.773615765/mx.reader.example"

--RAA14128.773615765/mx.reader.example

   ----- The following addresses had delivery problems -----
<${fields.recipient}>  (unrecoverable error)

--RAA14128.773615765/mx.reader.example
content-type: message/delivery-status

Reporting-MTA: dns; mx.reader.example

Original-Recipient: rfc822;${fields.recipient}
Final-Recipient: rfc822;${fields.recipient}
Action: ${fields.action ?? 'failed'}
Status: ${fields.status}
Diagnostic-Code: ${diagnostic}
Last-Attempt-Date: Thu, 7 Jul 1994 17:15:49 -0400

--RAA14128.773615765/mx.reader.example
content-type: text/rfc822-headers

${fields.originalHeaders ?? 'Subject: The Cinderwake Cycle, issue 1'}

--RAA14128.773615765/mx.reader.example--
`);
}

type ArfFields = { to: string; originalMailFrom: string; originalRcptTo: string; feedbackType?: string };

/** An abuse report: multipart/report; report-type=feedback-report (RFC 5965, appendix B.2). */
export function arfMessage(fields: ArfFields): string {
  return crlf(`From: <abusedesk@reader.example>
Date: Thu, 8 Mar 2005 17:40:36 EDT
Subject: FW: The Cinderwake Cycle, issue 1
To: <${fields.to}>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report;
     boundary="part1_13d.2e68ed54_boundary"

--part1_13d.2e68ed54_boundary
Content-Type: text/plain; charset="US-ASCII"
Content-Transfer-Encoding: 7bit

This is an email abuse report for an email message received from IP
192.0.2.1 on Thu, 8 Mar 2005 14:00:00 EDT.  For more information
about this format please see http://www.mipassoc.org/arf/.

--part1_13d.2e68ed54_boundary
Content-Type: message/feedback-report

Feedback-Type: ${fields.feedbackType ?? 'abuse'}
User-Agent: SomeGenerator/1.0
Version: 1
Original-Mail-From: <${fields.originalMailFrom}>
Original-Rcpt-To: <${fields.originalRcptTo}>
Arrival-Date: Thu, 8 Mar 2005 14:00:00 EDT
Reporting-MTA: dns; mail.reader.example
Source-IP: 192.0.2.1
Authentication-Results: mail.reader.example;
               spf=pass smtp.mail=news@example.com
Reported-Domain: example.com
Removal-Recipient: ${fields.originalRcptTo}

--part1_13d.2e68ed54_boundary
Content-Type: message/rfc822
Content-Disposition: inline

From: <news@example.com>
Received: from mailserver.example.com (mailserver.example.com
        [192.0.2.1]) by reader.example with ESMTP id M63d4137594e46;
        Thu, 08 Mar 2005 14:00:00 -0400
To: <${fields.originalRcptTo}>
Subject: The Cinderwake Cycle, issue 1
MIME-Version: 1.0
Content-type: text/plain
Message-ID: <8787KJKJ3K4J3K4J3K4J3.mail@example.com>
Date: Thu, 02 Sep 2004 12:31:03 -0500

A new chapter.
--part1_13d.2e68ed54_boundary--
`);
}
