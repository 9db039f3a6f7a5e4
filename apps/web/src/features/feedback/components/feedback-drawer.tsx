import {
  type AddFeedbackBody,
  FEEDBACK_CLOSE_DELAY_MS,
  FEEDBACK_SUCCESS_MESSAGE,
  FEEDBACK_TEXT_MAX,
  PRODUCT_SURVEY,
  productType,
  SERVICE_SURVEY,
  SURVEY_OPTIONS,
  serviceType,
} from '@ks/contract/feedback';
import { Button, Drawer, Form, Input, Radio, Rate, Tabs, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { RATING_LABELS } from '@/lib/constants.ts';
import { getFeedback } from '@/lib/feedback.ts';
import { useAddFeedback } from '../api/add-feedback.ts';

type Answers = Record<string, string>;

/** Builds the spec's array of {evaluateType, question} from what the person filled in. */
export function toFeedbackItems(rating: number, answers: Answers, text: string): AddFeedbackBody {
  return [
    ...(rating > 0 ? [{ evaluateType: 'rating', question: String(rating) }] : []),
    ...Object.entries(answers).map(([evaluateType, question]) => ({ evaluateType, question })),
    { evaluateType: 'text', question: text.trim() },
  ];
}

function Survey({
  questions,
  typeOf,
  answers,
  onAnswer,
}: {
  questions: readonly string[];
  typeOf: (n: number) => string;
  answers: Answers;
  onAnswer: (type: string, answer: string) => void;
}) {
  return (
    <ol className="ks-feedback-survey">
      {questions.map((question, index) => {
        const type = typeOf(index + 1);
        return (
          <li key={type}>
            <div>{question}</div>
            <Radio.Group
              aria-label={question}
              value={answers[type]}
              onChange={(event) => onAnswer(type, event.target.value as string)}
              options={SURVEY_OPTIONS.map((option) => ({ label: option, value: option }))}
            />
          </li>
        );
      })}
    </ol>
  );
}

/**
 * 意见反馈 drawer: rating 1–5 with the spec's labels, the product survey (5) and the service survey
 * (10), and the text. Nothing is sent while the text is empty; after success the
 * thank-you message shows and the drawer closes 0.8 s later.
 */
export function FeedbackDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [rating, setRating] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const [text, setText] = useState('');
  const [isTextMissing, setIsTextMissing] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { mutate, isPending } = useAddFeedback();

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const reset = () => {
    setRating(0);
    setAnswers({});
    setText('');
    setIsTextMissing(false);
  };

  const onSubmit = () => {
    if (text.trim() === '') {
      setIsTextMissing(true);
      return;
    }
    mutate(toFeedbackItems(rating, answers, text), {
      onSuccess: () => {
        getFeedback().successMessage(FEEDBACK_SUCCESS_MESSAGE);
        closeTimer.current = setTimeout(() => {
          reset();
          onClose();
        }, FEEDBACK_CLOSE_DELAY_MS);
      },
    });
  };

  const onAnswer = (type: string, answer: string) =>
    setAnswers((current) => ({ ...current, [type]: answer }));

  return (
    <Drawer title="意见反馈" open={open} onClose={onClose} size={420} className="ks-feedback-drawer">
      <Form layout="vertical">
        <Form.Item label="满意度评分">
          <Rate aria-label="满意度评分" tooltips={[...RATING_LABELS]} value={rating} onChange={setRating} />
          {rating > 0 ? <span className="ks-feedback-rating-label">{RATING_LABELS[rating - 1]}</span> : null}
        </Form.Item>
        <Tabs
          items={[
            {
              key: 'product',
              label: '产品调查',
              children: (
                <Survey
                  questions={PRODUCT_SURVEY}
                  typeOf={productType}
                  answers={answers}
                  onAnswer={onAnswer}
                />
              ),
            },
            {
              key: 'service',
              label: '服务调查',
              children: (
                <Survey
                  questions={SERVICE_SURVEY}
                  typeOf={serviceType}
                  answers={answers}
                  onAnswer={onAnswer}
                />
              ),
            },
          ]}
        />
        <Form.Item
          label="反馈内容"
          required
          validateStatus={isTextMissing ? 'error' : undefined}
          help={isTextMissing ? '请填写反馈内容' : undefined}
        >
          <Input.TextArea
            aria-label="反馈内容"
            rows={4}
            maxLength={FEEDBACK_TEXT_MAX}
            showCount
            value={text}
            placeholder="请输入您的意见或建议"
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim()) setIsTextMissing(false);
            }}
          />
        </Form.Item>
        <Button type="primary" block loading={isPending} onClick={onSubmit}>
          提交反馈
        </Button>
        <Typography.Paragraph type="secondary" className="ks-feedback-note">
          您的反馈仅管理员可见。
        </Typography.Paragraph>
      </Form>
    </Drawer>
  );
}

/** The aside-footer entry: a 意见反馈 button opening the drawer. */
export function FeedbackButton({ collapsed = false }: { collapsed?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="text" onClick={() => setOpen(true)} className="ks-feedback-button" aria-label="意见反馈">
        {collapsed ? '反馈' : '意见反馈'}
      </Button>
      <FeedbackDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
