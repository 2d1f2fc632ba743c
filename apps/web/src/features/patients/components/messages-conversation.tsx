import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type MessageView, messagesPanelTexts, messagesPerLoad, textMessageTexts } from '@vigil/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MessagesItem } from './messages-item';

/** Spec patients 9: the conversation box is 354px high. */
const boxHeight = 354;
/** Within this many pixels of the end counts as reading the newest texts. */
const nearEnd = 48;

interface MessagesConversationProps {
  sms: MessageView[];
  lastAddressed: string | null;
  patientName: { first: string; last: string };
  /** Changes after a send: the box scrolls to the newest text. */
  scrollToEndSignal: number;
  onMarkAddressed: (message: MessageView) => void;
}

/**
 * The conversation (spec patients 2.6, 4, 9): the last 10 texts, oldest at the top, in a scrolling box that
 * opens at the newest; 'Load Earlier Messages' adds 10 above without moving what is on screen. A text that
 * arrives while the newest are in view scrolls into view too.
 */
export function MessagesConversation({
  sms,
  lastAddressed,
  patientName,
  scrollToEndSignal,
  onMarkAddressed,
}: MessagesConversationProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(messagesPerLoad);
  const visible = sms.slice(-shown);
  const firstId = visible[0]?._id ?? null;
  const lastId = visible.at(-1)?._id ?? null;
  // What the box looked like at the last render: to keep the view still when earlier texts are added above.
  const before = useRef<{
    firstId: string | null;
    lastId: string | null;
    height: number;
    top: number;
  } | null>(null);
  const atEnd = useRef(true);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const previous = before.current;
    if (previous === null || previous.firstId === null) {
      box.scrollTop = box.scrollHeight;
    } else if (previous.lastId === lastId && previous.firstId !== firstId) {
      // Earlier texts went in above: keep the same texts in view.
      box.scrollTop = previous.top + (box.scrollHeight - previous.height);
    } else if (previous.lastId !== lastId && atEnd.current) {
      box.scrollTop = box.scrollHeight;
    }
    before.current = { firstId, lastId, height: box.scrollHeight, top: box.scrollTop };
  }, [firstId, lastId]);

  useEffect(() => {
    if (scrollToEndSignal === 0) return;
    const box = boxRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [scrollToEndSignal]);

  function handleScroll() {
    const box = boxRef.current;
    if (!box) return;
    atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight <= nearEnd;
    if (before.current) before.current = { ...before.current, height: box.scrollHeight, top: box.scrollTop };
  }

  return (
    <Box
      ref={boxRef}
      onScroll={handleScroll}
      role="log"
      aria-label={messagesPanelTexts.conversation}
      tabIndex={0}
      sx={{
        height: boxHeight,
        overflowY: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1,
        bgcolor: 'background.default',
      }}
    >
      {sms.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          {messagesPanelTexts.noMessages}
        </Typography>
      ) : (
        <>
          {sms.length > shown && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
              <Button size="small" onClick={() => setShown((n) => n + messagesPerLoad)}>
                {textMessageTexts.loadEarlier}
              </Button>
            </Box>
          )}
          <Box component="ul" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
            {visible.map((message) => (
              <MessagesItem
                key={message._id}
                message={message}
                patientName={patientName}
                lastAddressed={lastAddressed}
                onMarkAddressed={onMarkAddressed}
              />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
