# Class mode (attn_lessons/classroom.py, pages/Class.py, attn_ui/classroom.py): what a learner is told about their
# class, and every sentence of the teacher's dashboard, projector and summary.

## The teachers' page
classroom-title = Class mode
classroom-intro = Start a class, put its code or QR code on the projector, and watch the class's predictions and Check yourself answers arrive: how many answered, how many were right at the first attempt, and which wrong answer is most common, with the misconception it signals. Learners are anonymous: the app keeps a random id for each browser, never a name.
classroom-local-file = Classes are kept in a local file on this server. A restart of a cloud host (Streamlit Community Cloud, say) loses that file, and every class in it. For a class that must last, point the app at a PostgreSQL database: put its address as `url` under `[connections.classroom]` in the app's secrets (on Community Cloud, the app's Secrets setting). The README's “Class mode” shows the two lines.
classroom-key-warning = This is your teacher key, shown only this once. Copy it and keep it private: it opens this dashboard again from any browser, and it can pause or delete the class. Do not project it, and never put it in a link.
classroom-refused = That key does not open a class's dashboard. Check the class code and the key, and try again.
classroom-key-format = A teacher key is 32 letters, digits, - and _. Paste it exactly as it was shown.
classroom-unreachable = The class's database could not be reached just now. Try again in a moment.
classroom-deleted = The class and every answer it held are deleted.
classroom-deleted-elsewhere = This class has been deleted, from another browser perhaps: its code and QR code no longer work, and its answers are gone.
classroom-key-fold = Your teacher key: open this away from the projector
classroom-qr-too-long = Your sentence makes the link too long for a QR code. Share the link itself, or pick a shorter sentence before you start the class.
classroom-no-answers = No answers yet. They appear here within a few seconds of a learner answering.
classroom-sessions-note = A learner is a browser: a reload, another page or the class link opened again is the same learner; another browser is another.

## What became of one answer, as the learner reads it under their reveal
classroom-notice-sent = Sent to your teacher.
classroom-notice-sending = Sending your answer to your teacher…
classroom-notice-sent-failed = Your answer could not be sent to your teacher just now; your next answer will try again.
classroom-notice-slow = Your class's database gave no word within a few seconds, so this answer may not have reached your teacher; your next answer will try again.
classroom-notice-paused = The class was paused when you answered, so this answer was not sent.
classroom-notice-not-found = Your class had ended or was deleted when you answered, so this answer was not sent.
classroom-notice-rate = That is a lot of answers in one minute: this one was not sent. Wait a moment.
classroom-notice-not-joined = This session is not in the class any more; join it again to share your answers.
classroom-notice-format = This answer could not be recorded.
classroom-notice-full = The class is full.

## Why a class could not be joined ($limit: the most learners a class holds)
classroom-join-format = A class code is 6 letters and digits, such as K7Q2PM (no 0, O, 1, I or L).
classroom-join-not-found = There is no class with that code: it may have ended, or been deleted. Check it with your teacher.
classroom-join-full = That class is full: it holds at most { $limit } learners.
classroom-join-unreachable = The class could not be reached just now. Try again in a moment.

## The learner's class line ($code: the class code)
classroom-class-line = In class { $code }: your answers are shared anonymously with your teacher.
classroom-paused-line = Class { $code } is paused by your teacher: answers given now are not sent.
classroom-resumed-line = Class { $code } is open again: your teacher resumed it, so you may answer again.
classroom-ended-line = Class { $code } has ended: your answers are no longer sent to anyone.
classroom-follow-label = Follow your teacher
classroom-follow-help = On: when your teacher puts a question in front of the class, this page goes to it, on the class's sentence and settings. Off: explore on your own; the button at the top of the page takes you back.
classroom-back-to-lead = Back to the class's question
classroom-teacher-revealed = Your teacher has revealed the answer.
# $title: the question; $here: yes when it is on this page
classroom-lead-line = { $here ->
    [yes] Your teacher's question: { $title } (on this page).
   *[no] Your teacher's question is “{ $title }”, on another page or other settings.
 }
# $show_me: the checkpoint's button (checkpoint-show-me)
classroom-slider-unset = Move the slider to your prediction first, or press “{ $show_me }”.
classroom-qr-label = QR code of the students' link to join class { $code }
# $code: the code as typed; $message: why it can't be joined
classroom-link-notice = The link's class “{ $code }” can't be joined. { $message }
classroom-hide-ended = Hide this
classroom-leave = Leave the class
# $joined, $active: learners; $minutes: the window "active" counts; $note: classroom-sessions-note
classroom-learners = { $joined } { $joined ->
    [one] learner
   *[other] learners
 } joined; { $active } active in the last { $minutes } minutes. { $note }

## What a question was asked about (the state line)
classroom-sentence-class = the class's sentence
classroom-sentence-own = a learner's own sentence
classroom-start-interpretable = named features
classroom-start-random = random weights
classroom-source-sentence = the sentence twice
classroom-source-random = random tokens twice
classroom-mask-none = no mask
classroom-mask-causal = the causal mask
classroom-mask-padding = the padding mask
classroom-mask-custom = a custom mask
classroom-mask-other = mask { $mask }
classroom-query-token = with “{ $token }” as the query
# $n: the query's position from 1; $suffix: its English ordinal ending (st, nd, rd, th)
classroom-query-nth = with its { $n }{ $suffix ->
    [st] st
    [nd] nd
    [rd] rd
   *[th] th
 } token as the query
# $n: how many padding tokens; $pad: the padding token's label
classroom-pads = { $n } { $pad } { $n ->
    [one] token
   *[other] tokens
 } after the sentence
classroom-seed-quiz = question seed { $seed }
classroom-seed-race = data seed { $seed }
classroom-seed = seed { $seed }
classroom-pe-on = positions on
classroom-pe-off = positions off
classroom-length = { $n } { $n ->
    [one] token
   *[other] tokens
 } in each copy
classroom-rseed = token seed { $seed }
classroom-scores = scores { $scores }
classroom-loss = loss: { $loss }
classroom-lr = learning rate { $lr }
classroom-steps = { $n } { $n ->
    [one] training step
   *[other] training steps
 }
classroom-heads = { $n } { $n ->
    [one] head
   *[other] heads
 }
classroom-on = on { $sentence }
classroom-on-text = on { $sentence }, “{ $text }”
# Between the parts of the state line
classroom-comma = {", "}
# $start: on when the line starts with the sentence ("Asked on …"), else with ("Asked with …"); $parts: the list
classroom-asked = Asked { $start ->
    [on] { $parts }.
   *[with] with { $parts }.
 }
classroom-asked-nothing = Asked with no setting recorded.

## Counts and verdicts
classroom-percent = { $percent } %
classroom-no-answers-short = no answers
classroom-first-none = No first attempt yet.
# $answered, $right: learners; $percent: the share right ("75 %"); $later: later attempts, not counted
classroom-first = { $answered } { $answered ->
    [one] learner
   *[other] learners
 } answered; { $right } of { $answered } ({ $percent }) right at the first attempt{ $later ->
    [0] .
    [one] {" "}({ $later } later attempt not counted).
   *[other] {" "}({ $later } later attempts not counted).
 }
classroom-no-wrong = No wrong first answer.
classroom-own-sentence = These answers are about each learner's own sentence, so only whether each was right is kept, not the token chosen.
# $answers: the answers quoted, joined with "or"; $n: how many answers; $shows: the misconception
classroom-group-suggests = { $answers } { $n ->
    [one] suggests
   *[other] suggest
 }: { $shows }
classroom-group-none = { $answers } is none of the wrong answers this question expects
# $wrong: wrong first answers; $answered: first answers
classroom-own-wrong = { $wrong } of { $answered } { $answered ->
    [one] first answer
   *[other] first answers
 } { $wrong ->
    [one] was
   *[other] were
 } wrong.
# $n: learners who showed the misconceptions; $tied: yes when several are tied; $shows: them, listed
classroom-own-suggest = { $n } of them{ $tied ->
    [yes] {" "}each
   *[no] {""}
 } { $n ->
    [one] suggests
   *[other] suggest
 }: { $shows }.
classroom-most-common = Most common wrong answer: { $answers }, from { $count } of { $answered }.
classroom-it-suggests = It suggests: { $shows }.
classroom-it-is-none = It is none of the wrong answers this question expects.
classroom-most-common-tied = Most common wrong answers, tied: { $names }, { $count } each of { $answered }.
# Between the tied groups' sentences
classroom-semicolon = {"; "}
classroom-full-stop = .

## The teachers' page's own words
classroom-link-note = The students' link (it carries your sentence and settings):
classroom-create-help = The class answers on your sentence and settings (the sidebar's), as they are now.
classroom-delete-help = The class and every answer it holds, for good.
classroom-close-help = This session forgets the key; the class goes on.
classroom-active-label = Active in the last { $minutes } minutes
classroom-answers-title = First answers
classroom-learners-axis = learners
classroom-series-right = right
classroom-series-wrong = wrong

## The projector
classroom-projector-help = One question at a time, in large type, for the screen at the front of the room: no key, no CSV.
classroom-no-right-yet = No learner has given the right answer yet.
classroom-own-hidden = Each learner answered about their own sentence: the chart shows right and wrong once you reveal.
# $right, $answered: learners
classroom-share = { $right } of { $answered } right at the first attempt.
classroom-own-right = Each learner's right answer depends on their own sentence.
classroom-right-answer = The right answer: “{ $answer }”.
classroom-right-answer-quiz = The right answer: { $answer }.
classroom-right-answers = Right answers given: { $answers }.
classroom-right-tied = Right answers, tied: { $answers }.
classroom-lead-help = Puts this question in front of every learner following the class: their page opens on it, with the class's sentence and settings.
classroom-not-leading = No question is in front of the class. Pick one from your list and put it there.
# $answered, $present: learners
classroom-present = { $over ->
    [yes] { $answered } { $answered ->
        [one] learner has
       *[other] learners have
    } answered; { $present } { $present ->
        [one] is
       *[other] are
    } here now
   *[no] { $answered } of { $present } { $present ->
        [one] learner
       *[other] learners
    } here { $answered ->
        [one] has
       *[other] have
    } answered
 }
# $count of $answered learners
classroom-who = { $count } of { $answered }
classroom-shown-line = { $who }: { $shows } ({ $answers })
classroom-shown-none = { $who }: { $answers }, none of the wrong answers this question expects

## The class summary
classroom-summary-title = Class summary
classroom-summary-help = One page to print or keep: each question asked, and how far the class got.
classroom-col-number = #
classroom-col-question = Question
classroom-col-answered = Answered
classroom-col-right = Right first time
classroom-col-most-shown = Most shown
classroom-col-page = Page
classroom-col-reached = Learners who reached it
classroom-cell-no-wrong = No wrong first answer
classroom-cell-not-expected = { $answers } (not an expected wrong answer)
# $count: learners; $tied: yes when several groups are named
classroom-cell-count = { $tied ->
    [yes] ({ $count } each)
   *[no] ({ $count })
 }
classroom-right-of = { $right } of { $answered } ({ $percent })
classroom-summary-head = Class { $code }: { $joined } { $joined ->
    [one] learner
   *[other] learners
 } joined, { $answered } answered at least once.

## The teachers' page, round three
classroom-start-title = Start a class
classroom-reopen-title = Or open one you started
classroom-storage-fold = Where this app keeps classes
classroom-lead-title = Lead the class
classroom-lead-pick = Question from your list
classroom-lead-seed = Question seed (Check yourself)
classroom-lead-button = Put it in front of the class
classroom-lead-stop = Stop leading
classroom-reveal-button = Reveal the answer
classroom-hide-button = Hide the answer
classroom-summary-button = Class summary to print
classroom-pause-button = Pause the class
classroom-resume-button = Resume the class
classroom-open-state = The class is open: answers are being collected.
classroom-paused-state = The class is paused: answers are refused until you resume it.
classroom-delete-fold = Delete the class
classroom-delete-first = Download its answers first: once deleted, they are gone for good.
classroom-delete-sure = Yes, delete the class and its answers
classroom-join-small = Join with code { $code }
# $title: the numbered question; $revealed: yes or no
classroom-leading = In front of the class: { $title } (answer { $revealed ->
    [yes] revealed
   *[no] not revealed yet
 }).

## pages/Class.py's labels and buttons
classroom-join-code = Join code
classroom-scan = Scan to join class { $code }
classroom-qr-download = Download the QR code (PNG)
classroom-key-saved = I have saved the key
classroom-code-input = Class code
classroom-key-input = Teacher key
classroom-open-button = Open the dashboard
classroom-class-header = Class { $code }
classroom-projector-button = Projector view
classroom-close-button = Close the dashboard
classroom-delete-button = Delete the class
classroom-metric-joined = Learners joined
classroom-metric-answered-once = Answered at least once
classroom-metric-answered = Answered
classroom-metric-right = Right at the first attempt
classroom-csv-download = Download the answers (CSV)
classroom-back-button = Back to the dashboard
classroom-join-header = Join a class
classroom-start-lesson = Start the lesson on Home
classroom-join-button = Join
