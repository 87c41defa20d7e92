### The learner's sentence (attn_lessons/input.py): each language's default sentence, and how Chinese text becomes
### tokens.

# The sentence every page starts from in this language, until a link's text= or the learner's own replaces it. Keep
# its words in attn_core/lexicon.csv, with an action and an animal, so that Home's named features pick something.
input-default-sentence = the cat sat on the mat

# Under the sentence box, when the sentence has Chinese characters. $han: how many of its tokens are Chinese
# characters; $tokens: how many tokens it has in all (both ints); $every: yes when every token is a Chinese character,
# else no.
input-han-note = Chinese has no spaces between words, so each Chinese character is a token, as in Chinese BERT models, and so is each punctuation mark. { $every ->
        [yes] { $han ->
            [one] Your one token is a character.
            [2] Both of your tokens are characters.
           *[other] Each of your { $han } tokens is a character.
        }
       *[other] { $han } of your { $tokens } tokens { $han ->
            [one] is a character.
           *[other] are characters.
        }
    }
