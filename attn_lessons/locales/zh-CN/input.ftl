### 学生的句子（attn_lessons/input.py）：每种语言的默认句子，以及中文怎样切成词元。

# 这种语言里每个页面起始用的句子（链接里的 text= 或学生自己输入的句子会替换它）。句中的字要收在
# attn_core/lexicon.csv 里，并且有一个动作和一个动物，首页的“命名特征”才有东西可选。
input-default-sentence = 猫坐在垫子上

# 句子里有汉字时，显示在句子输入框下面。$han：其中是汉字的词元个数；$tokens：词元总数（都是整数）；$every：词元全是汉字时为
# yes，否则为 no。
input-han-note = 中文的词与词之间没有空格，所以和中文 BERT 模型一样，每个汉字、每个标点符号都各是一个词元。{ $every ->
        [yes] 你的句子共 { $tokens } 个词元，全是汉字。
       *[other] 你的句子共 { $tokens } 个词元，其中 { $han } 个是汉字。
    }
